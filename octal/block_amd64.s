//go:build amd64 && !purego

#include "textflag.h"

// PARTNERS(k, slot): the 16 values v^gs[m0-r+j] of rare heap k (r = rare[k], v = rv[k]), masked to
// 10 bits, stored in slot (32 bytes) of the ring on the stack.
#define PARTNERS(k, slot) \
	MOVL (BX)(k*4), R8 \
	NEGQ R8 \
	VMOVDQU (SI)(R8*2), Y0 \
	MOVWLZX (DX)(k*2), R10 \
	MOVD R10, X1 \
	VPBROADCASTW X1, Y1 \
	VPXOR Y0, Y1, Y0 \
	VPAND Y15, Y0, Y0 \
	VMOVDQU Y0, slot

// func markBlockAVX2(marks *[blockRows][1 << targetBits]uint8, gen uint8, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)
//
// For each of the n rare heaps r (value v): the 16 partners gs[m0-r … m0-r+15] in one load, XORed
// with v (and masked to 10 bits), stored in a ring of 4 slots on the stack three rare heaps ahead
// of their use (a load of a word from a 32-byte store still in flight would wait for it), then
// each read back and written as a byte mark: marks[j][x] = gen.
TEXT ·markBlockAVX2(SB), NOSPLIT, $128-56
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
	// The first three rare heaps (of those there are) into slots 0..2.
	XORQ R9, R9
	CMPQ R9, CX
	JGE done
	PARTNERS(R9, 0(SP))
	INCQ R9
	CMPQ R9, CX
	JGE first
	PARTNERS(R9, 32(SP))
	INCQ R9
	CMPQ R9, CX
	JGE first
	PARTNERS(R9, 64(SP))
first:
	XORQ R9, R9
loop:
	CMPQ R9, CX
	JGE done
	LEAQ 3(R9), AX
	CMPQ AX, CX
	JGE use                      // no rare heap k+3
	MOVQ AX, R14
	ANDQ $3, R14
	SHLQ $5, R14
	LEAQ (SP)(R14*1), R14        // slot (k+3) mod 4
	PARTNERS(AX, (R14))
use:
	MOVQ R9, R14
	ANDQ $3, R14
	SHLQ $5, R14
	LEAQ (SP)(R14*1), R14        // slot k mod 4
	MOVWLZX 0(R14), R11
	MOVB R12, 0(DI)(R11*1)
	MOVWLZX 2(R14), R11
	MOVB R12, 1024(DI)(R11*1)
	MOVWLZX 4(R14), R11
	MOVB R12, 2048(DI)(R11*1)
	MOVWLZX 6(R14), R11
	MOVB R12, 3072(DI)(R11*1)
	MOVWLZX 8(R14), R11
	MOVB R12, 4096(DI)(R11*1)
	MOVWLZX 10(R14), R11
	MOVB R12, 5120(DI)(R11*1)
	MOVWLZX 12(R14), R11
	MOVB R12, 6144(DI)(R11*1)
	MOVWLZX 14(R14), R11
	MOVB R12, 7168(DI)(R11*1)
	MOVWLZX 16(R14), R11
	MOVB R12, 8192(DI)(R11*1)
	MOVWLZX 18(R14), R11
	MOVB R12, 9216(DI)(R11*1)
	MOVWLZX 20(R14), R11
	MOVB R12, 10240(DI)(R11*1)
	MOVWLZX 22(R14), R11
	MOVB R12, 11264(DI)(R11*1)
	MOVWLZX 24(R14), R11
	MOVB R12, 12288(DI)(R11*1)
	MOVWLZX 26(R14), R11
	MOVB R12, 13312(DI)(R11*1)
	MOVWLZX 28(R14), R11
	MOVB R12, 14336(DI)(R11*1)
	MOVWLZX 30(R14), R11
	MOVB R12, 15360(DI)(R11*1)
	INCQ R9
	JMP loop
done:
	VZEROUPPER
	RET
