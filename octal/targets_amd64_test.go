//go:build amd64 && !purego

package octal

import (
	"context"
	"testing"
)

// TestScanTargetsAVX2 runs the target search's checks with the AVX2 kernel (where the processor
// has AVX-512 too, that kernel is set aside for the test): the kernel against a plain loop, with
// and without the reversed copy, and
// Grundy's game and Officers against the definition.
func TestScanTargetsAVX2(t *testing.T) {
	if !useKernel2 {
		t.Skip("no AVX2")
	}
	saved := useKernel
	useKernel = false
	defer func() { useKernel = saved }()
	checkScanTargets(t)
	checkScanTargetsLow(t)
	n := 3000
	if raceEnabled {
		n = 500
	}
	for _, c := range []Code{GrundysGame(), MustParse("0.6")} {
		want, err := Reference(context.Background(), c, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, from := range []int{1, 40, n + 1} {
			equalValues(t, c.String()+" AVX2", runSparse16(c, n, 0x7e, false, from), want)
		}
	}
}
