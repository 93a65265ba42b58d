//go:build amd64 && !purego

#include "textflag.h"

// revw reverses the 32 16-bit lanes of a ZMM register through VPERMW.
DATA revw<>+0(SB)/8, $0x001c001d001e001f
DATA revw<>+8(SB)/8, $0x00180019001a001b
DATA revw<>+16(SB)/8, $0x0014001500160017
DATA revw<>+24(SB)/8, $0x0010001100120013
DATA revw<>+32(SB)/8, $0x000c000d000e000f
DATA revw<>+40(SB)/8, $0x00080009000a000b
DATA revw<>+48(SB)/8, $0x0004000500060007
DATA revw<>+56(SB)/8, $0x0000000100020003
GLOBL revw<>(SB), RODATA|NOPTR, $64

// func scanChunks(lo, hi *uint16, chunks int, t *targetSet) (chunk int, hits uint32)
//
// Per chunk: x = lo ^ reverse(hi); w = table[x>>4] (a 64-word table in Z8:Z9 through VPERMT2W);
// a lane hits when bit x&15 of w is set.
TEXT ·scanChunks(SB), NOSPLIT, $0-44
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ chunks+16(FP), CX
	MOVQ t+24(FP), AX
	VMOVDQU64 (AX), Z8          // words 0..31 of the table
	VMOVDQU64 64(AX), Z9        // words 32..63
	VMOVDQU64 revw<>(SB), Z10
	MOVL $0x000f000f, DX
	VPBROADCASTD DX, Z11        // 15 in every word
	MOVL $0x00010001, DX
	VPBROADCASTD DX, Z12        // 1 in every word
	XORQ BX, BX
loop:
	CMPQ BX, CX
	JGE done
	VMOVDQU16 (SI), Z0
	VPERMW (DI), Z10, Z1        // Z1[j] = hi[31-j]
	VPXORQ Z0, Z1, Z2           // x
	VPSRLW $4, Z2, Z3           // x >> 4: the word index
	VMOVDQA64 Z8, Z4
	VPERMT2W Z9, Z3, Z4         // Z4[j] = table[x_j >> 4]
	VPANDQ Z11, Z2, Z5          // x & 15
	VPSRLVW Z5, Z4, Z4
	VPTESTMW Z12, Z4, K1
	KORTESTD K1, K1
	JNZ done
	ADDQ $64, SI
	SUBQ $64, DI
	INCQ BX
	JMP loop
done:
	KMOVD K1, DX
	CMPQ BX, CX
	JLT out
	XORL DX, DX
out:
	VZEROUPPER
	MOVQ BX, chunk+32(FP)
	MOVL DX, hits+40(FP)
	RET
