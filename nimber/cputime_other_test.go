//go:build !unix

package nimber

// processCPU is not available here: the benchmarks report wall time only.
func processCPU() (int64, bool) { return 0, false }
