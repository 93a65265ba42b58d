//go:build amd64 && !purego

#include "textflag.h"

// The block marking kernels: for each of the n rare heaps r (value v), the 16 partners
// gs[m0-r … m0-r+15], XORed with v and masked to 10 bits, each written as a byte mark
// marks[j][x] = gen (the rows j are 1 KiB apart).
//
// Why the lanes go from register to register. An earlier kernel stored the 16 partners (one
// 32-byte YMM store) to a slot on the stack and read them back as sixteen 2-byte loads. On an
// Intel Xeon (Sapphire Rapids family) it ran 8× slower than the portable Go, and on an AMD EPYC
// (Zen 3, family 25 model 1) 5–7× slower, while on an AMD Zen 4 it was the fastest. Loads that read
// back part of a wide store still in the store buffer depend on store-to-load forwarding, which
// each microarchitecture restricts differently (a YMM store that crosses a cache line — the stack
// slot was only 8-byte aligned — or a load at an offset inside it may not forward; the load then
// waits for the store to commit behind the sixteen byte marks before it); and the slot's low 12
// address bits meet those of the mark stores, 1 KiB apart over 16 KiB, so loads also 4K-alias
// with older stores, which processors that compare only the low bits treat as a possible
// dependency. With no stack round trip there is no forwarding to fail and no load to alias: the
// only loads are of the partners (four 8-byte or one 32-byte load, from memory no store of the
// kernel touches) and of rare/rv. So neither form should collapse on any processor: on the Intel
// Xeon both took 0.47–0.73 ns a split (BENCHMARKS.md; the loads ahead, below, are not measured
// there yet), and the process picks by measurement anyway.

// LANES4(w, o0, o1, o2, o3): the four 16-bit lanes of w (already XORed and masked), lane q marked
// in the row at offset oq from DI; w is consumed. R11 is scratch, R12 holds gen.
#define LANES4(w, o0, o1, o2, o3) \
	MOVWLZX w, R11 \
	MOVB R12, o0(DI)(R11*1) \
	MOVL w, R11 \
	SHRL $16, R11 \
	MOVB R12, o1(DI)(R11*1) \
	SHRQ $32, w \
	MOVWLZX w, R11 \
	MOVB R12, o2(DI)(R11*1) \
	SHRL $16, w \
	MOVB R12, o3(DI)(w*1)

// The next rare heap's partners are loaded before this one's marks are written (one rare heap
// ahead in markBlockSWAR, two in markBlockAVX2). A load that follows the sixteen stores in program
// order issues late: on an AMD EPYC (Zen 3) the AVX2 kernel that loaded the partners right before
// marking them took 0.64 ns a split where the same instructions with the loads hoisted take 0.50
// (BenchmarkMarkBlockPairs, 6 rounds, 2026-11-28), and a throwaway loop of loads each followed by a
// store to the address it read ran at 2 cycles a pair against 1 for the stores alone. Loaded ahead,
// the partners wait in registers while the stores drain, one a cycle.

DATA markMask<>+0(SB)/8, $0x03ff03ff03ff03ff
GLOBL markMask<>(SB), RODATA|NOPTR, $8
DATA markSpread<>+0(SB)/8, $0x0001000100010001
GLOBL markSpread<>(SB), RODATA|NOPTR, $8

// NEXTWORD(off, w): w = the partners' word at off from R13, XORed with v in every lane (R14) and
// masked.
#define NEXTWORD(off, w) \
	MOVQ off(R13), w \
	XORQ R14, w \
	ANDQ markMask<>(SB), w

// NEXTRARE(k): R13 = &g[m0−rare[k]], R14 = rv[k] in every lane (k a constant offset from R9).
#define NEXTRARE(k) \
	MOVL (4*k)(BX)(R9*4), R13 \
	NEGQ R13 \
	LEAQ (SI)(R13*2), R13 \
	MOVWLZX (2*k)(DX)(R9*2), R14 \
	IMULQ markSpread<>(SB), R14

// func markBlockSWAR(marks *[blockRows][1 << targetBits]uint8, gen uint8, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)
//
// General-purpose registers only (any amd64): the partners as four 8-byte loads, v in every lane
// of a word (v·0x0001000100010001), XOR and mask a word at a time; R10, R15, AX, R8 hold the
// current rare heap's four words while the next one's are loaded. n ≥ 1.
TEXT ·markBlockSWAR(SB), NOSPLIT, $0-56
	MOVQ marks+0(FP), DI
	MOVBLZX gen+8(FP), R12
	MOVQ gs+16(FP), SI
	MOVQ m0+24(FP), AX
	LEAQ (SI)(AX*2), SI          // &g[m0]
	MOVQ rare+32(FP), BX
	MOVQ rv+40(FP), DX
	MOVQ n+48(FP), CX
	DECQ CX                      // the loop loads rare heap k+1 for k < n−1
	XORQ R9, R9
	NEXTRARE(0)
	NEXTWORD(0, R10)
	NEXTWORD(8, R15)
	NEXTWORD(16, AX)
	NEXTWORD(24, R8)
	CMPQ R9, CX
	JGE swarlast
swarloop:
	NEXTRARE(1)
	LANES4(R10, 0, 1024, 2048, 3072)
	NEXTWORD(0, R10)
	LANES4(R15, 4096, 5120, 6144, 7168)
	NEXTWORD(8, R15)
	LANES4(AX, 8192, 9216, 10240, 11264)
	NEXTWORD(16, AX)
	LANES4(R8, 12288, 13312, 14336, 15360)
	NEXTWORD(24, R8)
	INCQ R9
	CMPQ R9, CX
	JLT swarloop
swarlast:
	LANES4(R10, 0, 1024, 2048, 3072)
	LANES4(R15, 4096, 5120, 6144, 7168)
	LANES4(AX, 8192, 9216, 10240, 11264)
	LANES4(R8, 12288, 13312, 14336, 15360)
	RET

// MARK16: the 16 lanes of Y0 (XORed and masked) marked, through X1, R10 and AX.
#define MARK16 \
	VEXTRACTI128 $1, Y0, X1 \
	VMOVQ X0, R10 \
	VPEXTRQ $1, X0, AX \
	LANES4(R10, 0, 1024, 2048, 3072) \
	VMOVQ X1, R10 \
	LANES4(AX, 4096, 5120, 6144, 7168) \
	VPEXTRQ $1, X1, AX \
	LANES4(R10, 8192, 9216, 10240, 11264) \
	LANES4(AX, 12288, 13312, 14336, 15360)

// func markBlockAVX2(marks *[blockRows][1 << targetBits]uint8, gen uint8, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)
//
// AVX2: the partners in one 32-byte load, XORed with v (VPBROADCASTW) and masked in a YMM
// register, then moved to general registers 64 bits at a time (VMOVQ, VPEXTRQ, VEXTRACTI128):
// lanes leave the register, never the stack. Y0 holds rare heap k's lanes while k+1's partners and
// v wait in Y2, Y3 and k+2's are loaded into Y4, Y5. Every vector instruction is VEX-encoded. n ≥ 1.
TEXT ·markBlockAVX2(SB), NOSPLIT, $0-56
	MOVQ marks+0(FP), DI
	MOVBLZX gen+8(FP), R12
	MOVQ gs+16(FP), SI
	MOVQ m0+24(FP), AX
	LEAQ (SI)(AX*2), SI          // &g[m0]
	MOVQ rare+32(FP), BX
	MOVQ rv+40(FP), DX
	MOVQ n+48(FP), CX
	MOVQ markMask<>(SB), R13
	VMOVQ R13, X15
	VPBROADCASTQ X15, Y15        // 1023 in every word
	MOVL (BX), R8
	NEGQ R8
	VMOVDQU (SI)(R8*2), Y0       // g[m0-r … m0-r+15]
	VPBROADCASTW (DX), Y1
	VPXOR Y0, Y1, Y0
	VPAND Y15, Y0, Y0
	CMPQ CX, $1
	JLE avxlast1
	MOVL 4(BX), R8
	NEGQ R8
	VMOVDQU (SI)(R8*2), Y2
	VPBROADCASTW 2(DX), Y3
	SUBQ $2, CX                  // the loop loads rare heap k+2 for k < n−2
	XORQ R9, R9
	CMPQ R9, CX
	JGE avxlast2
avxloop:
	MOVL 8(BX)(R9*4), R8
	NEGQ R8
	VMOVDQU (SI)(R8*2), Y4
	VPBROADCASTW 4(DX)(R9*2), Y5
	MARK16
	VPXOR Y2, Y3, Y0
	VPAND Y15, Y0, Y0
	VMOVDQA Y4, Y2
	VMOVDQA Y5, Y3
	INCQ R9
	CMPQ R9, CX
	JLT avxloop
avxlast2:
	MARK16
	VPXOR Y2, Y3, Y0
	VPAND Y15, Y0, Y0
avxlast1:
	MARK16
	VZEROUPPER
	RET

// func checkBlockAVX2(cand, hit *[checkK][blockRows]uint16, gs *uint16, m0 int, rare *uint32, rv *uint16, n int)
//
// For each of the n rare heaps r (value v): the 16 partners gs[m0-r … m0-r+15] in one 32-byte
// load, XORed with v (VPBROADCASTW), compared with each of the 8 rows of candidates (the first four
// held in Y8–Y11, the others read as memory operands from the L1 cache) and the compares ORed into
// the 8 rows of hit, held in Y0–Y7 for the whole loop. No store inside the loop.
TEXT ·checkBlockAVX2(SB), NOSPLIT, $0-56
	MOVQ cand+0(FP), DI
	MOVQ hit+8(FP), R8
	MOVQ gs+16(FP), SI
	MOVQ m0+24(FP), AX
	LEAQ (SI)(AX*2), SI          // &g[m0]
	MOVQ rare+32(FP), BX
	MOVQ rv+40(FP), DX
	MOVQ n+48(FP), CX
	VMOVDQU 0(R8), Y0
	VMOVDQU 32(R8), Y1
	VMOVDQU 64(R8), Y2
	VMOVDQU 96(R8), Y3
	VMOVDQU 128(R8), Y4
	VMOVDQU 160(R8), Y5
	VMOVDQU 192(R8), Y6
	VMOVDQU 224(R8), Y7
	VMOVDQU 0(DI), Y8
	VMOVDQU 32(DI), Y9
	VMOVDQU 64(DI), Y10
	VMOVDQU 96(DI), Y11
	XORQ R9, R9
	CMPQ R9, CX
	JGE checkdone
checkloop:
	MOVL (BX)(R9*4), R10
	NEGQ R10
	VPBROADCASTW (DX)(R9*2), Y13
	VPXOR (SI)(R10*2), Y13, Y12  // the 16 heaps' option values v ^ g[m0-r … m0-r+15]
	VPCMPEQW Y8, Y12, Y14
	VPCMPEQW Y9, Y12, Y15
	VPOR Y14, Y0, Y0
	VPOR Y15, Y1, Y1
	VPCMPEQW Y10, Y12, Y14
	VPCMPEQW Y11, Y12, Y15
	VPOR Y14, Y2, Y2
	VPOR Y15, Y3, Y3
	VPCMPEQW 128(DI), Y12, Y14
	VPCMPEQW 160(DI), Y12, Y15
	VPOR Y14, Y4, Y4
	VPOR Y15, Y5, Y5
	VPCMPEQW 192(DI), Y12, Y14
	VPCMPEQW 224(DI), Y12, Y15
	VPOR Y14, Y6, Y6
	VPOR Y15, Y7, Y7
	INCQ R9
	CMPQ R9, CX
	JLT checkloop
checkdone:
	VMOVDQU Y0, 0(R8)
	VMOVDQU Y1, 32(R8)
	VMOVDQU Y2, 64(R8)
	VMOVDQU Y3, 96(R8)
	VMOVDQU Y4, 128(R8)
	VMOVDQU Y5, 160(R8)
	VMOVDQU Y6, 192(R8)
	VMOVDQU Y7, 224(R8)
	VZEROUPPER
	RET

// func candidatesAVX2(marks *[blockRows][1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 8]uint64, cand *[checkK][blockRows]uint16, most int)
//
// For each row j of marks, its most (≤ 8) smallest values x not marked (marks[j][x] != gen) and
// common (byte x of common is 0xff), into cand[k][j]; noCand (0xffff) past the last. 64 values a
// step (VPCMPEQB, VPANDN, VPMOVMSKB twice) give a 64-bit mask whose lowest four set bits are
// taken without a branch (TZCNT, BLSR; a count that grows only when the mask was not empty) into
// 16 slots on the stack (CMPQ $1 and SBBQ $-1 add one unless the mask was empty); only a mask with
// more than four candidates takes a loop. The branches
// that a loop over each mask's set bits took at random cost about 270 cycles a row on Zen 3.
// Needs BMI1.
#define TAKE1 \
	TZCNTQ AX, DX \
	ADDQ CX, DX \
	MOVW DX, (SP)(R11*2) \
	CMPQ AX, $1 \
	SBBQ $-1, R11 \
	BLSRQ AX, AX

// CAND(s): cand[s][j] = slot s if s < R11 (the candidates taken, at most most), else noCand.
#define CAND(s) \
	MOVWLZX (2*s)(SP), DX \
	CMPQ R11, $s \
	CMOVQLE R13, DX \
	MOVW DX, (32*s)(R8)(R10*2)

TEXT ·candidatesAVX2(SB), NOSPLIT, $32-40
	MOVQ marks+0(FP), DI
	VPBROADCASTB gen+8(FP), Y15
	MOVQ common+16(FP), SI
	MOVQ cand+24(FP), R8
	MOVQ most+32(FP), R9
	MOVQ $0xffff, R13
	XORQ R10, R10                // j
crow:
	XORQ R11, R11                // candidates taken
	XORQ CX, CX                  // the offset in the row
cstep:
	VPCMPEQB (DI)(CX*1), Y15, Y0 // 0xff: marked
	VPANDN (SI)(CX*1), Y0, Y0    // not marked and common
	VPMOVMSKB Y0, AX
	VPCMPEQB 32(DI)(CX*1), Y15, Y1
	VPANDN 32(SI)(CX*1), Y1, Y1
	VPMOVMSKB Y1, DX
	SHLQ $32, DX
	ORQ DX, AX                   // bit i: value CX+i is a candidate
	TAKE1
	TAKE1
	TAKE1
	TAKE1
	TESTQ AX, AX
	JNZ cmore
ctaken:
	CMPQ R11, R9
	JGE crowdone
	ADDQ $64, CX
	CMPQ CX, $1024
	JLT cstep
	JMP crowdone
cmore:
	// More than four candidates among 64 values (rare): the rest one at a time, up to most.
	CMPQ R11, R9
	JGE crowdone
	TZCNTQ AX, DX
	ADDQ CX, DX
	MOVW DX, (SP)(R11*2)
	INCQ R11
	BLSRQ AX, AX
	TESTQ AX, AX
	JNZ cmore
	JMP ctaken
crowdone:
	CMPQ R11, R9
	CMOVQGT R9, R11              // at most most
	CAND(0)
	CAND(1)
	CAND(2)
	CAND(3)
	CAND(4)
	CAND(5)
	CAND(6)
	CAND(7)
	ADDQ $1024, DI
	INCQ R10
	CMPQ R10, $16
	JLT crow
	VZEROUPPER
	RET

// func rowTargetsAVX2(t *[1 << targetBits]uint8, gen uint8, common *[1 << targetBits / 64]uint64, c int, ts *targetSet) (cnt int)
//
// rowTargetsGo with 64 values a step: two VPCMPEQB against the generation, VPMOVMSKB, the common
// values and those from c on cleared, POPCNT.
TEXT ·rowTargetsAVX2(SB), NOSPLIT, $0-48
	MOVQ t+0(FP), SI
	MOVBLZX gen+8(FP), AX
	MOVQ common+16(FP), DX
	MOVQ c+24(FP), R13
	MOVQ ts+32(FP), DI
	MOVD AX, X0
	VPBROADCASTB X0, Y0
	XORQ R8, R8                 // cnt
	XORQ BX, BX                 // the word w
	XORQ R9, R9                 // 64w
rtloop:
	CMPQ R9, R13
	JGE rtdone
	VPCMPEQB (SI)(R9*1), Y0, Y1
	VPCMPEQB 32(SI)(R9*1), Y0, Y2
	VPMOVMSKB Y1, R10
	VPMOVMSKB Y2, R11
	SHLQ $32, R11
	ORQ R11, R10                // bit i: value 64w+i marked
	NOTQ R10
	MOVQ (DX)(BX*8), R11
	NOTQ R11
	ANDQ R11, R10               // not marked and rare-class
	MOVQ R13, CX
	SUBQ R9, CX                 // c − 64w
	CMPQ CX, $64
	JGE rtfull
	MOVQ $1, R11
	SHLQ CX, R11
	DECQ R11
	ANDQ R11, R10               // below c
rtfull:
	MOVQ R10, (DI)(BX*8)
	POPCNTQ R10, R11
	ADDQ R11, R8
	INCQ BX
	ADDQ $64, R9
	JMP rtloop
rtdone:
	MOVQ R8, cnt+40(FP)
	VZEROUPPER
	RET
