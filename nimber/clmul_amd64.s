//go:build amd64 && !purego

#include "textflag.h"

// MAP8 sets acc to the image of x under the byte table at tab (an asmByteTable), destroying x.
// xl and xh are the low and high byte registers of x; idx is a scratch register.
#define MAP8(x, xl, xh, idx, tab, acc) \
	MOVBLZX xl, idx; MOVQ 0(tab)(idx*8), acc; \
	MOVBLZX xh, idx; XORQ 2048(tab)(idx*8), acc; \
	SHRQ $16, x; \
	MOVBLZX xl, idx; XORQ 4096(tab)(idx*8), acc; \
	MOVBLZX xh, idx; XORQ 6144(tab)(idx*8), acc; \
	SHRQ $16, x; \
	MOVBLZX xl, idx; XORQ 8192(tab)(idx*8), acc; \
	MOVBLZX xh, idx; XORQ 10240(tab)(idx*8), acc; \
	SHRQ $16, x; \
	MOVBLZX xl, idx; XORQ 12288(tab)(idx*8), acc; \
	MOVBLZX xh, idx; XORQ 14336(tab)(idx*8), acc

// MULBODY sets R8 to the nim-product of AX and BX, using SI, DI, CX, DX, R9, X0–X4;
// X2 must hold clmulPolyLow (0x1b). SI and DI hold the addresses of clmulToPoly and clmulFromPoly.
#define MULBODY \
	MAP8(AX, AL, AH, CX, SI, R8); \
	MAP8(BX, BL, BH, DX, SI, R9); \
	MOVQ R8, X0; \
	MOVQ R9, X1; \
	PCLMULQDQ $0x00, X1, X0; \
	MOVOU X0, X3; \
	PCLMULQDQ $0x01, X2, X3; \
	MOVOU X3, X4; \
	PCLMULQDQ $0x01, X2, X4; \
	PXOR X3, X0; \
	PXOR X4, X0; \
	MOVQ X0, AX; \
	MAP8(AX, AL, AH, CX, DI, R8)

// func clmulMul(a, b uint64) uint64
TEXT ·clmulMul(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	LEAQ ·clmulToPoly(SB), SI
	LEAQ ·clmulFromPoly(SB), DI
	MOVQ $0x1b, R10
	MOVQ R10, X2
	MULBODY
	MOVQ R8, ret+16(FP)
	RET

// func clmulMulVec(dst, a, b *uint64, n int)
TEXT ·clmulMulVec(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), R11
	MOVQ a+8(FP), R12
	MOVQ b+16(FP), R13
	MOVQ n+24(FP), R14
	LEAQ ·clmulToPoly(SB), SI
	LEAQ ·clmulFromPoly(SB), DI
	MOVQ $0x1b, R10
	MOVQ R10, X2
	XORQ R10, R10
	JMP  check

loop:
	MOVQ (R12)(R10*8), AX
	MOVQ (R13)(R10*8), BX
	MULBODY
	MOVQ R8, (R11)(R10*8)
	INCQ R10

check:
	CMPQ R10, R14
	JLT  loop
	RET
