//go:build amd64 && !purego && linux

package nimber

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVEXOnly disassembles the kernels meant for processors without AVX-512 with GNU objdump and
// checks that every vector instruction is VEX-encoded (first byte c4 or c5), never EVEX (62), and
// touches no zmm or mask register: the Go assembler picks EVEX by itself for some operands, and an
// EVEX instruction would fault on an AVX2-only processor, which this machine (with AVX-512)
// cannot show by running the kernel. The binary `go test` runs has no symbol table, so the test
// builds the package's test binary with one. Skipped without objdump or in -short mode.
func TestVEXOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a test binary")
	}
	objdump, err := exec.LookPath("objdump")
	if err != nil {
		t.Skip("objdump (GNU binutils) is not installed")
	}
	exe := filepath.Join(t.TempDir(), "nimber.test")
	if out, err := exec.Command("go", "test", "-c", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, out)
	}
	for _, sym := range []string{"asmMulSliceGFNIAVX2", "clmulMul", "clmulMulVec"} {
		out, err := exec.Command(objdump, "-d", "--disassemble=grundy/nimber."+sym+".abi0", exe).Output()
		if err != nil {
			t.Fatalf("objdump %s: %v", sym, err)
		}
		vector := 0
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Split(line, "\t")
			if len(f) < 3 || !strings.HasPrefix(f[2], "v") {
				continue
			}
			vector++
			if b := strings.Fields(f[1]); len(b) == 0 || (b[0] != "c4" && b[0] != "c5") {
				t.Errorf("%s: not VEX-encoded: %s", sym, strings.TrimSpace(line))
			}
			if strings.Contains(f[2], "%zmm") || strings.Contains(f[2], "%k") {
				t.Errorf("%s: an AVX-512 register: %s", sym, strings.TrimSpace(line))
			}
		}
		if vector < 20 {
			t.Fatalf("%s: only %d vector instructions found: the disassembly was not read", sym, vector)
		}
	}
}
