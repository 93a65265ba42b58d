package nimber

import (
	"math/rand/v2"

	"grundy/internal/kernels"
)

// The product's two operations with several implementations, chosen by measurement
// (internal/kernels): the scalar product (Mul, Square, …: the portable tables or PCLMULQDQ) and the
// batch product (MulSlice: the portable loop, PCLMULQDQ, the AVX2 and AVX-512 GFNI kernels). Each
// is calibrated the first time the process needs it, on a few hundred random products, and every
// candidate's products are checked against the portable code's.

var (
	mulOp   = kernels.New("mul", "product", mulCandidates)
	sliceOp = kernels.New("mulslice", "product", sliceCandidates)
)

// Kernels returns the choices of the product's operations, calibrating those not yet chosen: for
// each, the candidates, their measured rates on this processor and the pick.
func Kernels() []kernels.Choice {
	return []kernels.Choice{mulOp.Choice(), sliceOp.Choice()}
}

// KernelOps returns the names of the product's operations (for GRUNDY_KERNELS).
func KernelOps() []string { return []string{mulOp.Name(), sliceOp.Name()} }

// kernelPairs returns n random pairs of 64-bit operands, the calibration workloads.
func kernelPairs(n int, seed uint64) (a, b []uint64) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	a, b = make([]uint64, n), make([]uint64, n)
	for i := range a {
		a[i], b[i] = rng.Uint64(), rng.Uint64()
	}
	return a, b
}

// mulCandidates: 256 independent products a trial.
func mulCandidates() (int, []kernels.Candidate) {
	a, b := kernelPairs(256, 21)
	cands := make([]kernels.Candidate, len(mulNames))
	for k, cn := range mulNames {
		cands[k] = kernels.Candidate{Name: cn.Name, Missing: cn.Missing, Trial: func(bool) uint64 {
			d := uint64(0)
			for i := range a {
				d = d*0x9e3779b97f4a7c15 + mulWith(k, a[i], b[i])
			}
			return d
		}}
	}
	return len(a), cands
}

// sliceCandidates: one batch of 512 products a trial (whole blocks for every kernel).
func sliceCandidates() (int, []kernels.Candidate) {
	a, b := kernelPairs(512, 23)
	cands := make([]kernels.Candidate, len(sliceNames))
	for k, cn := range sliceNames {
		dst := make([]uint64, len(a))
		cands[k] = kernels.Candidate{Name: cn.Name, Missing: cn.Missing, Trial: func(check bool) uint64 {
			mulSliceWith(k, dst, a, b)
			d := uint64(0)
			for _, x := range dst {
				d = d*0x9e3779b97f4a7c15 + x
			}
			return d
		}}
	}
	return len(a), cands
}
