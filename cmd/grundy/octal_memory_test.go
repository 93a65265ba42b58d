package main

import (
	"strings"
	"testing"
	"time"

	"grundy/octal"
)

// TestOctalMemoryRefusal (issue 16): a --to whose values cannot fit --max-memory, even as bytes,
// is refused at once (exit 2) with a message naming the limit; a run whose values outgrow a byte
// and then no longer fit stops there (exit 2), saying why, and keeps the values so far in its
// checkpoint.
func TestOctalMemoryRefusal(t *testing.T) {
	start := time.Now()
	_, errOut, code := runCLI(t, "", "octal", "grundy", "--to", "4294967295", "--max-memory", "2G")
	if code != exitInput || !strings.Contains(errOut, "needs about 4.0 GiB, more than the memory limit of 2.0 GiB") ||
		!strings.Contains(errOut, "--max-memory") {
		t.Fatalf("2^32 heaps in 2 GiB: exit %d, %q", code, errOut)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the refusal took %v: not up front", d)
	}
	// Officers' value at heap 10344 is 256: 20001 values fit the budget as bytes, not as uint16.
	cp := t.TempDir() + "/o.ckpt"
	_, errOut, code = runCLI(t, "", "octal", "0.6", "--to", "20000", "--summary", "--checkpoint", cp, "--max-memory", "8418608")
	if code != exitInput || !strings.Contains(errOut, "at heap 10344 a value (256) does not fit in 8 bits, so values take 2 bytes each") ||
		!strings.Contains(errOut, "largest heap that fits is 14999") || !strings.Contains(errOut, "--resume "+cp) {
		t.Fatalf("outgrowing a byte over the budget: exit %d, %q", code, errOut)
	}
	if saved, err := octal.LoadFile(cp, 0); err != nil || saved.Len() != 10344 {
		t.Fatalf("checkpoint: %v", err)
	}
}
