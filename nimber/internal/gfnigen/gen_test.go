package main

import (
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestPhiIsomorphism(t *testing.T) {
	phi := phiMap()
	seen := map[byte]bool{}
	for a := range 256 {
		seen[phi[a]] = true
		for b := range 256 {
			if got, want := phi[nimMulN(uint64(a), uint64(b), 8)], aesMul(phi[a], phi[b]); got != want {
				t.Fatalf("φ(%d⊗%d) = %d, φ(%d)·φ(%d) = %d", a, b, got, a, b, want)
			}
		}
	}
	if len(seen) != 256 {
		t.Fatalf("φ is not a bijection")
	}
	pm := affineMatrix(func(x byte) byte { return phi[x] })
	for x := range 256 {
		if got := affine(pm, byte(x)); got != phi[x] {
			t.Fatalf("affine(φ matrix, %d) = %d, want %d", x, got, phi[x])
		}
	}
}

// TestKernelEmulation runs the generated instruction sequence in portable Go on random inputs.
func TestKernelEmulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 20 {
		g := newGen(true)
		a, b := make([]uint64, 64), make([]uint64, 64)
		for i := range a {
			a[i], b[i] = rng.Uint64(), rng.Uint64()
			if round == 0 && i < 4 {
				a[i], b[i] = []uint64{0, 1, 1 << 63, 1<<64 - 1}[i], 1<<64-1
			}
		}
		g.mem["SI"], g.mem["DX"], g.mem["DI"] = a, b, make([]uint64, 64)
		g.block()
		for i := range 64 {
			if got, want := g.mem["DI"][i], nimMulN(a[i], b[i], 64); got != want {
				t.Fatalf("lane %d: %#x⊗%#x = %#x, want %#x", i, a[i], b[i], got, want)
			}
		}
	}
}

// TestGeneratedFileUpToDate checks that the committed assembly is what the generator writes.
func TestGeneratedFileUpToDate(t *testing.T) {
	have, err := os.ReadFile("../../mul_gfni_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != generate() {
		t.Fatal("mul_gfni_amd64.s is stale: run go generate in nimber")
	}
}

// TestKernel256Emulation executes the instructions of the AVX2 kernel, as register-allocated and
// written, in portable Go on random inputs and the edge values.
func TestKernel256Emulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tr := &trace256{}
	tr.block()
	for round := range 20 {
		g := newAlloc256(tr, true)
		a, b := make([]uint64, 32), make([]uint64, 32)
		for i := range a {
			a[i], b[i] = rng.Uint64(), rng.Uint64()
			if round == 0 && i < 4 {
				a[i], b[i] = []uint64{0, 1, 1 << 63, 1<<64 - 1}[i], 1<<64-1
			}
		}
		g.mem["SI"], g.mem["DX"], g.mem["DI"] = a, b, make([]uint64, 32)
		g.run()
		for i := range 32 {
			if got, want := g.mem["DI"][i], nimMulN(a[i], b[i], 64); got != want {
				t.Fatalf("lane %d: %#x⊗%#x = %#x, want %#x", i, a[i], b[i], got, want)
			}
		}
	}
}

// TestGenerated256FileUpToDate checks that the committed AVX2 assembly is what the generator writes.
func TestGenerated256FileUpToDate(t *testing.T) {
	have, err := os.ReadFile("../../mul_gfni_avx2_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != generate256() {
		t.Fatal("mul_gfni_avx2_amd64.s is stale: run go generate in nimber")
	}
}

// TestKernel256VEXOnly checks that the AVX2 kernel uses no AVX-512 instruction or register: only
// the listed VEX mnemonics, the vector registers Y0–Y15, and no opmask or Z registers.
func TestKernel256VEXOnly(t *testing.T) {
	allowed := map[string]bool{"VMOVDQU": true, "VPXOR": true, "VGF2P8MULB": true, "VGF2P8AFFINEQB": true,
		"VPUNPCKLBW": true, "VPUNPCKHBW": true, "VPUNPCKLWD": true, "VPUNPCKHWD": true, "VPUNPCKLDQ": true,
		"VPUNPCKHDQ": true, "VPUNPCKLQDQ": true, "VPUNPCKHQDQ": true, "VZEROUPPER": true}
	vecReg := regexp.MustCompile(`\b[XYZK][0-9]+\b`)
	for _, line := range strings.Split(generate256(), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.HasPrefix(f[0], "V") {
			continue
		}
		if !allowed[f[0]] {
			t.Errorf("instruction outside the VEX set: %s", line)
		}
		for _, r := range vecReg.FindAllString(line, -1) {
			if n, _ := strconv.Atoi(r[1:]); r[0] != 'Y' || n > 15 {
				t.Errorf("register %s outside Y0–Y15: %s", r, line)
			}
		}
	}
}
