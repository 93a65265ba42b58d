//go:build amd64 && !purego

#include "textflag.h"

// func markBlockAVX2(marks *[blockRows][1 << targetBits]uint8, gen uint8, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)
//
// For each of the n rare heaps r (value v): the 16 partners gs[m0-r … m0-r+15] in one load, XORed with
// v (and masked to 10 bits), then taken four at a time through a general register, each written
// as a byte mark: marks[j][x] = gen.
TEXT ·markBlockAVX2(SB), NOSPLIT, $0-56
	MOVQ marks+0(FP), DI
	MOVBLZX gen+8(FP), R12
	MOVQ gs+16(FP), SI
	MOVQ m0+24(FP), AX
	LEAQ (SI)(AX*2), SI          // &g[m0]
	MOVQ rare+32(FP), BX
	MOVQ rv+40(FP), DX
	MOVQ n+48(FP), CX
	MOVL $0x03ff03ff, R13
	MOVD R13, X15
	VPBROADCASTD X15, Y15        // 1023 in every word
	XORQ R9, R9
loop:
	CMPQ R9, CX
	JGE done
	MOVL (BX)(R9*4), R8
	NEGQ R8
	VMOVDQU (SI)(R8*2), Y0       // g(m0-r+j), j < 16
	MOVWLZX (DX)(R9*2), R10
	MOVD R10, X1
	VPBROADCASTW X1, Y1
	VPXOR Y0, Y1, Y0
	VPAND Y15, Y0, Y0
	VEXTRACTI128 $1, Y0, X2
	VMOVQ X0, AX
	MOVWLZX AX, R11
	MOVB R12, 0(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 1024(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 2048(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 3072(DI)(R11*1)
	VPEXTRQ $1, X0, AX
	MOVWLZX AX, R11
	MOVB R12, 4096(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 5120(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 6144(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 7168(DI)(R11*1)
	VMOVQ X2, AX
	MOVWLZX AX, R11
	MOVB R12, 8192(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 9216(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 10240(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 11264(DI)(R11*1)
	VPEXTRQ $1, X2, AX
	MOVWLZX AX, R11
	MOVB R12, 12288(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 13312(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 14336(DI)(R11*1)
	SHRQ $16, AX
	MOVWLZX AX, R11
	MOVB R12, 15360(DI)(R11*1)
	INCQ R9
	JMP loop
done:
	VZEROUPPER
	RET
