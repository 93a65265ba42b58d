//go:build amd64 && !purego

#include "textflag.h"

// func asmCPUIDGFNI() bool
// Reports CPUID leaf 7, sub-leaf 0, ECX bit 8 (GFNI). The caller makes sure leaf 7 exists.
TEXT ·asmCPUIDGFNI(SB), NOSPLIT, $0-1
	MOVL $7, AX
	MOVL $0, CX
	CPUID
	SHRL $8, CX
	ANDL $1, CX
	MOVB CX, ret+0(FP)
	RET
