//go:build amd64 && !purego

package nimber

import "golang.org/x/sys/cpu"

// CPU features of the fast paths, read once at start-up.
var (
	asmHaveCLMUL = cpu.X86.HasPCLMULQDQ && cpu.X86.HasAVX
	// golang.org/x/sys/cpu reports GFNI only together with AVX-512 (HasAVX512GFNI), so the
	// AVX2 kernel reads the CPUID bit itself; HasAVX2 implies that CPUID leaf 7 exists and that
	// the operating system saves the YMM registers.
	asmHaveGFNIAVX2 = cpu.X86.HasAVX2 && asmCPUIDGFNI()
	asmHaveGFNI     = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512GFNI
)

// asmCPUIDGFNI reports whether CPUID leaf 7 announces GFNI; leaf 7 must exist.
func asmCPUIDGFNI() bool
