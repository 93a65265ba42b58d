//go:build amd64 && !purego

package nimber

import "golang.org/x/sys/cpu"

// CPU features of the fast paths, read once at start-up.
var (
	asmHaveCLMUL = cpu.X86.HasPCLMULQDQ && cpu.X86.HasAVX
	asmHaveGFNI  = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VBMI && cpu.X86.HasAVX512GFNI
)
