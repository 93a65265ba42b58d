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

// func scanTargetsKernel(lo, hi *uint16, chunks int, t *targetSet, cnt int, loStep int) (pairs, left int)
//
// Per chunk: x = lo ^ reverse(hi) (loStep 32: lo moves up), or x = lo ^ hi (loStep −32: lo is a
// reversed copy and moves down, as hi does); w = table[x>>4] (the 64-word table in Z8:Z9 through VPERMT2W);
// a lane hits when bit x&15 of w is set. The values of the hit lanes are packed (VPCOMPRESSW) into
// a buffer on the stack; after each batch of up to 8 chunks they are cleared from t without a
// branch (BTR, then SBB counts the ones still there: a value may repeat within a batch), and the
// table registers are reloaded from t.
TEXT ·scanTargetsKernel(SB), NOSPLIT, $512-64
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ chunks+16(FP), CX
	MOVQ t+24(FP), AX
	MOVQ cnt+32(FP), R8
	MOVQ loStep+40(FP), R13
	SHLQ $1, R13                // in bytes
	VMOVDQU64 (AX), Z8          // words 0..31 of the table
	VMOVDQU64 64(AX), Z9        // words 32..63
	VMOVDQU64 revw<>(SB), Z10
	MOVL $0x000f000f, DX
	VPBROADCASTD DX, Z11        // 15 in every word
	MOVL $0x00010001, DX
	VPBROADCASTD DX, Z12        // 1 in every word
	XORQ BX, BX
batch:
	CMPQ BX, CX
	JGE exhausted
	LEAQ 8(BX), R15
	CMPQ R15, CX
	CMOVQGT CX, R15             // the batch ends at chunk min(BX+8, chunks)
	LEAQ (SP), R14              // the next free slot of the buffer
chunk:
	VMOVDQU16 (SI), Z0
	TESTQ R13, R13
	JS plain
	VPERMW (DI), Z10, Z1        // Z1[j] = hi[31-j]
	JMP both
plain:
	VMOVDQU16 (DI), Z1
both:
	VPXORQ Z0, Z1, Z2           // x
	VPSRLW $4, Z2, Z3           // x >> 4: the word index
	VMOVDQA64 Z8, Z4
	VPERMT2W Z9, Z3, Z4         // Z4[j] = table[x_j >> 4]
	VPANDQ Z11, Z2, Z5          // x & 15
	VPSRLVW Z5, Z4, Z4
	VPTESTMW Z12, Z4, K1
	VPCOMPRESSW Z2, K1, Z6      // the hit lanes' values, packed
	VMOVDQU16 Z6, (R14)
	KMOVD K1, DX
	POPCNTL DX, DX
	LEAQ (R14)(DX*2), R14
	ADDQ R13, SI
	SUBQ $64, DI
	INCQ BX
	CMPQ BX, R15
	JLT chunk
	LEAQ (SP), R9
	CMPQ R9, R14
	JEQ batch                   // no hits in the batch
take:
	MOVWLZX (R9), R10           // x
	MOVQ R10, R11
	SHRQ $6, R11
	MOVQ (AX)(R11*8), R12
	BTRQ R10, R12               // CF: x was still a target
	SBBQ $0, R8
	MOVQ R12, (AX)(R11*8)
	ADDQ $2, R9
	CMPQ R9, R14
	JLT take
	TESTQ R8, R8
	JZ exhausted                // every target found
	VMOVDQU64 (AX), Z8
	VMOVDQU64 64(AX), Z9
	JMP batch
exhausted:
	SHLQ $5, BX
	MOVQ BX, pairs+48(FP)
	MOVQ R8, left+56(FP)
	VZEROUPPER
	RET
