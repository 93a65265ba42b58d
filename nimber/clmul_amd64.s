//go:build amd64 && !purego

#include "textflag.h"

// The nim-product by PCLMULQDQ in a polynomial basis (see clmul_basis.go). Both operands are mapped
// to the polynomial basis by byte tables, multiplied with one carry-less product, reduced modulo
// p with two more, and the result is mapped back by byte tables.
//
// The table entries are XORed in vector registers (VPXOR with a memory operand), which leaves the
// integer units to extracting the bytes; each word is split into its two 32-bit halves and the
// eight entries are summed by a tree, so the dependency chains are short. Measured alternatives
// (BENCHMARKS.md): entries XORed in integer registers, bytes loaded one by one from memory, AVX-512
// gathers, BEXTR, a single shift chain, one reduction product plus a 16-entry overflow table — all
// slower on the machines this was tuned on.

// VMAP8 sets the low quadword of acc to the image of the 64-bit word x under the byte table at tab
// (the high quadword is garbage: VPXOR reads 16 bytes, the entry and the next one). xl and xh8 are
// the low and high byte registers of x, xq a copy register with byte registers xql and xqh. The
// byte registers AH … DH can only be read by an instruction without a REX prefix, so the indexes
// go to SI and DI. t1, t2, t3 are scratch vector registers. x and xq are destroyed.
#define VMAP8(x, xl, xh8, xq, xql, xqh, tab, acc, t1, t2, t3) \
	MOVQ x, xq; SHRQ $32, xq; \
	MOVBLZX xl, SI; VMOVQ 0(tab)(SI*8), acc; \
	MOVBLZX xql, DI; VMOVQ 8192(tab)(DI*8), t1; \
	MOVBLZX xh8, SI; VPXOR 2048(tab)(SI*8), acc, acc; \
	MOVBLZX xqh, DI; VPXOR 10240(tab)(DI*8), t1, t1; \
	SHRQ $16, x; SHRQ $16, xq; \
	MOVBLZX xl, SI; VMOVQ 4096(tab)(SI*8), t2; \
	MOVBLZX xql, DI; VMOVQ 12288(tab)(DI*8), t3; \
	MOVBLZX xh8, SI; VPXOR 6144(tab)(SI*8), t2, t2; \
	MOVBLZX xqh, DI; VPXOR 14336(tab)(DI*8), t3, t3; \
	VPXOR t1, acc, acc; VPXOR t3, t2, t2; VPXOR t2, acc, acc

// MULBODY sets the low quadword of X0 to the nim-product of AX and BX. R8 and R9 hold the
// addresses of the to- and from-tables, X15 holds the low terms of p (0x1b). Uses CX, DX, SI, DI,
// X0–X9.
#define MULBODY \
	VMAP8(AX, AL, AH, CX, CL, CH, R8, X0, X2, X3, X4); \
	VMAP8(BX, BL, BH, DX, DL, DH, R8, X1, X5, X6, X7); \
	VPCLMULQDQ $0x00, X1, X0, X0; \
	VPCLMULQDQ $0x01, X15, X0, X8; \
	VPCLMULQDQ $0x01, X15, X8, X9; \
	VPXOR X8, X0, X0; \
	VPXOR X9, X0, X0; \
	VMOVQ X0, AX; \
	VMAP8(AX, AL, AH, CX, CL, CH, R9, X0, X2, X3, X4)

#define SETUP \
	LEAQ ·clmulTabs(SB), R8; \
	LEAQ ·clmulTabs+16384(SB), R9; \
	MOVQ $0x1b, R10; \
	VMOVQ R10, X15

// func mulFast(a, b uint64) uint64
TEXT ·mulFast(SB), NOSPLIT, $0-24
	CMPL ·mulKernel(SB), $2      // mulKernelCLMUL
	JNE  slow
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	SETUP
	MULBODY
	VMOVQ X0, ret+16(FP)
	RET

slow:
	JMP ·mulSlow(SB)

// func clmulMul(a, b uint64) uint64
TEXT ·clmulMul(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ b+8(FP), BX
	SETUP
	MULBODY
	VMOVQ X0, ret+16(FP)
	RET

// func clmulMulVec(dst, a, b *uint64, n int)
TEXT ·clmulMulVec(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), R12
	MOVQ a+8(FP), R13
	MOVQ b+16(FP), R14
	MOVQ n+24(FP), R15
	SETUP
	JMP  check

loop:
	MOVQ  (R13), AX
	MOVQ  (R14), BX
	MULBODY
	VMOVQ X0, (R12)
	ADDQ  $8, R12
	ADDQ  $8, R13
	ADDQ  $8, R14
	DECQ  R15

check:
	TESTQ R15, R15
	JNZ   loop
	RET
