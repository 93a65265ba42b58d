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

// RUNHI(R, consec): with hiOff (the argument at 56(FP)) not nil, DI = hi + hiOff[BX], the
// partners of chunk BX of the runs; otherwise on to consec. R is scratch.
#define RUNHI(R, consec) \
	MOVQ hiOff+56(FP), R \
	TESTQ R, R \
	JZ consec \
	MOVLQSX (R)(BX*4), R \
	MOVQ hi+8(FP), DI \
	ADDQ R, DI

// func scanTargetsKernel(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int, hiOff *int32) (pairs, left int)
//
// With hiOff not nil (and loStep −32), chunk k pairs lo's values with the 32 at hiOff[k] bytes from
// hi, in order (the runs of the target search, targets.go).
// Per chunk: x = lo ^ reverse(hi) (loStep 32: lo moves up), or x = lo ^ hi (loStep −32: lo is a
// reversed copy and moves down, as hi does); w = table[x>>4] (the 64-word table in Z8:Z9 through
// VPERMT2W); a lane hits when bit x&15 of w is set. The values of the hit lanes are packed
// (VPCOMPRESSW) into a buffer on the stack (16 chunks of 32 at most: 1 KiB). After each batch of chunks (first, then twice as many, up to 16: many targets are found in the first
// chunks, few in the later ones) the hit values are cleared in a byte per target value (a plain
// store each: no read-modify-write chain through a word of t, and a value may repeat), then the
// bytes of the nw words of t that hold targets are turned back into t (VPMOVB2M), counted, and
// the table registers reloaded.
TEXT ·scanTargetsKernel(SB), 0, $2112-80
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ chunks+16(FP), CX
	MOVQ t+24(FP), AX
	MOVQ cnt+32(FP), R8
	MOVQ loStep+40(FP), R13
	SHLQ $1, R13                // in bytes
	// nw: one more than the last word of t with a target (0 when none).
	MOVQ $16, DX
nwloop:
	MOVQ -8(AX)(DX*8), R10
	TESTQ R10, R10
	JNZ nwdone
	DECQ DX
	JNZ nwloop
nwdone:
	MOVQ DX, 2048(SP)
	// The byte flags: 0(SP)(x) is 0xff while x is a target, for x < 64·nw.
	XORQ R10, R10
flags:
	CMPQ R10, DX
	JGE flagsdone
	KMOVQ (AX)(R10*8), K2
	VPMOVM2B K2, Z7
	MOVQ R10, R11
	SHLQ $6, R11
	VMOVDQU8 Z7, (SP)(R11*1)
	INCQ R10
	JMP flags
flagsdone:
	VMOVDQU64 (AX), Z8          // words 0..31 of the table
	VMOVDQU64 64(AX), Z9        // words 32..63
	VMOVDQU64 revw<>(SB), Z10
	MOVL $0x000f000f, DX
	VPBROADCASTD DX, Z11        // 15 in every word
	MOVL $0x00010001, DX
	VPBROADCASTD DX, Z12        // 1 in every word
	XORQ BX, BX
	MOVQ first+48(FP), R9       // the batch size: doubling from first up to 16 chunks
batch:
	CMPQ BX, CX
	JGE exhausted
	LEAQ (BX)(R9*1), R15
	SHLQ $1, R9
	MOVQ $16, R10
	CMPQ R9, R10
	CMOVQGT R10, R9
	CMPQ R15, CX
	CMOVQGT CX, R15             // the batch ends at chunk min(BX+size, chunks)
	LEAQ 1024(SP), R14          // the next free slot of the buffer of hits
chunk:
	VMOVDQU16 (SI), Z0
	TESTQ R13, R13
	JS plain
	VPERMW (DI), Z10, Z1        // Z1[j] = hi[31-j]
	JMP both
plain:
	RUNHI(DX, plainconsec)
plainconsec:
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
	LEAQ 1024(SP), DX
	CMPQ DX, R14
	JEQ batch                   // no hits in the batch
take:
	MOVWLZX (DX), R10           // x
	MOVB $0, (SP)(R10*1)
	ADDQ $2, DX
	CMPQ DX, R14
	JLT take
	// Back to t: the flags of its nw words, counted, from the last word down; with nw ≤ 8 the
	// words are also shifted into Z8 one at a time (no reload of what was just stored).
	MOVQ 2048(SP), DX
	XORQ R8, R8
	VPXORQ Z8, Z8, Z8
	MOVQ DX, R10
rebuild:
	DECQ R10
	MOVQ R10, R11
	SHLQ $6, R11
	VMOVDQU8 (SP)(R11*1), Z7
	VPMOVB2M Z7, K2
	KMOVQ K2, R11
	MOVQ R11, (AX)(R10*8)
	POPCNTQ R11, R12
	ADDQ R12, R8
	VPBROADCASTQ R11, Z13
	VALIGNQ $7, Z13, Z8, Z8     // Z8 = word R10, then Z8's first seven
	TESTQ R10, R10
	JNZ rebuild
	TESTQ R8, R8
	JZ exhausted                // every target found
	CMPQ DX, $8
	JLE batch                   // Z8 holds the table, Z9 stays zero
	VMOVDQU64 (AX), Z8
	VMOVDQU64 64(AX), Z9
	JMP batch
exhausted:
	SHLQ $5, BX
	MOVQ BX, pairs+64(FP)
	MOVQ R8, left+72(FP)
	VZEROUPPER
	RET

// revb16 reverses the 8 16-bit words of each 128-bit lane through VPSHUFB.
DATA revb16<>+0(SB)/8, $0x09080b0a0d0c0f0e
DATA revb16<>+8(SB)/8, $0x0100030205040706
DATA revb16<>+16(SB)/8, $0x09080b0a0d0c0f0e
DATA revb16<>+24(SB)/8, $0x0100030205040706
GLOBL revb16<>(SB), RODATA|NOPTR, $32

// LOOKUP(V, shift): the bits of t at the 8 dwords of V, as bits shift … shift+7 of DX.
#define LOOKUP(V, shift) \
	VPSRLD $5, V, Y8 \
	VPCMPEQD Y9, Y9, Y9 \
	VPXOR Y12, Y12, Y12 \
	VPGATHERDD Y9, (AX)(Y8*4), Y12 \
	VPAND Y11, V, Y8 \
	VPSRLVD Y8, Y12, Y12 \
	VPSLLD $31, Y12, Y12 \
	VMOVMSKPS Y12, R12 \
	SHLL $shift, R12 \
	ORL R12, DX

// func scanTargetsAVX2(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int) (pairs, left int)
//
// scanTargetsKernel with AVX2: a chunk is two halves of 16 splits (hi reversed by VPSHUFB and
// VPERMQ when loStep is 32); each value x is looked up in t as 32 dwords, VPGATHERDD of dword x>>5
// and bit x&31, eight at a time. The chunk's values are kept on the stack with its 32-bit mask of
// hits; after each batch (sized as scanTargetsKernel's) the hits are taken from t (BTR, SBB), chunk
// by chunk.
// The gathers read t itself, which changes only between batches.
TEXT ·scanTargetsAVX2(SB), 0, $1096-72
	MOVQ t+24(FP), AX
	MOVQ cnt+32(FP), R8
	VMOVDQU revb16<>(SB), Y10
	MOVL $31, DX
	MOVD DX, X11
	VPBROADCASTD X11, Y11       // 31 in every dword
	MOVQ first+48(FP), DX
	MOVQ DX, 1088(SP)           // the batch size
	XORQ BX, BX
batch:
	MOVQ chunks+16(FP), CX
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ loStep+40(FP), R13
	MOVQ BX, R12
	SHLQ $6, R12
	MOVQ R13, R9
	IMULQ BX, R9
	LEAQ (SI)(R9*2), SI         // lo moves by loStep values a chunk
	SUBQ R12, DI                // hi moves down by 32 values a chunk
	SHLQ $1, R13                // in bytes
	MOVQ $32, R9                // half A pairs lo[0..15] with hi[16..31] (reversed) …
	XORQ R10, R10               // … half B lo[16..31] with hi[0..15]
	TESTQ R13, R13
	JNS start
	XORQ R9, R9                 // plain: A with hi[0..15], B with hi[16..31]
	MOVQ $32, R10
start:
	CMPQ BX, CX
	JGE exhausted
	MOVQ 1088(SP), DX
	LEAQ (BX)(DX*1), R15
	CMPQ R15, CX
	CMOVQGT CX, R15             // the batch ends at chunk min(BX+size, chunks)
	SHLQ $1, DX
	MOVQ $16, R11
	CMPQ DX, R11
	CMOVQGT R11, DX
	MOVQ DX, 1088(SP)           // the next batch: twice as many chunks, at most 16
	MOVQ BX, R11                // the batch's first chunk
	LEAQ (SP), R14              // the chunk's slot: 64 bytes of values
chunk:
	VMOVDQU (SI), Y0            // lo[0..15]
	VMOVDQU 32(SI), Y1          // lo[16..31]
	VMOVDQU (DI)(R9*1), Y2
	VMOVDQU (DI)(R10*1), Y3
	TESTQ R13, R13
	JS plain
	VPSHUFB Y10, Y2, Y2
	VPERMQ $0x4e, Y2, Y2        // reversed: Y2[k] = hi[31-k]
	VPSHUFB Y10, Y3, Y3
	VPERMQ $0x4e, Y3, Y3        // Y3[k] = hi[15-k]
plain:
	VPXOR Y0, Y2, Y0            // x, splits 0..15
	VPXOR Y1, Y3, Y1            // x, splits 16..31
	VMOVDQU Y0, (R14)
	VMOVDQU Y1, 32(R14)
	XORL DX, DX
	VPMOVZXWD X0, Y4
	VEXTRACTI128 $1, Y0, X5
	VPMOVZXWD X5, Y5
	VPMOVZXWD X1, Y6
	VEXTRACTI128 $1, Y1, X7
	VPMOVZXWD X7, Y7
	LOOKUP(Y4, 0)
	LOOKUP(Y5, 8)
	LOOKUP(Y6, 16)
	LOOKUP(Y7, 24)
	MOVQ BX, R12
	SUBQ R11, R12
	MOVL DX, 1024(SP)(R12*4)    // the chunk's hits
	ADDQ R13, SI
	SUBQ $64, DI
	ADDQ $64, R14
	INCQ BX
	CMPQ BX, R15
	JLT chunk
	// Take the hits of the batch's chunks.
	MOVQ BX, R15
	SUBQ R11, R15               // chunks in the batch
	XORQ R12, R12
takechunk:
	CMPQ R12, R15
	JGE taken
	MOVL 1024(SP)(R12*4), DX
	MOVQ R12, R14
	SHLQ $6, R14
	LEAQ (SP)(R14*1), R14
takelane:
	TESTL DX, DX
	JZ nextchunk
	BSFL DX, R9
	MOVWLZX (R14)(R9*2), R10    // x
	MOVQ R10, R9
	SHRQ $6, R9
	MOVQ (AX)(R9*8), CX
	BTRQ R10, CX                // CF: x was still a target
	SBBQ $0, R8
	MOVQ CX, (AX)(R9*8)
	LEAL -1(DX), R9
	ANDL R9, DX
	JMP takelane
nextchunk:
	INCQ R12
	JMP takechunk
taken:
	TESTQ R8, R8
	JNZ batch
exhausted:
	SHLQ $5, BX
	MOVQ BX, pairs+56(FP)
	MOVQ R8, left+64(FP)
	VZEROUPPER
	RET

// b70, b16, w7, pow2: constants of scanTargetsAVX2Shuf.
DATA b70<>+0(SB)/8, $0x7070707070707070
DATA b70<>+8(SB)/8, $0x7070707070707070
DATA b70<>+16(SB)/8, $0x7070707070707070
DATA b70<>+24(SB)/8, $0x7070707070707070
GLOBL b70<>(SB), RODATA|NOPTR, $32
DATA b16<>+0(SB)/8, $0x1010101010101010
DATA b16<>+8(SB)/8, $0x1010101010101010
DATA b16<>+16(SB)/8, $0x1010101010101010
DATA b16<>+24(SB)/8, $0x1010101010101010
GLOBL b16<>(SB), RODATA|NOPTR, $32
DATA w7<>+0(SB)/8, $0x0007000700070007
DATA w7<>+8(SB)/8, $0x0007000700070007
DATA w7<>+16(SB)/8, $0x0007000700070007
DATA w7<>+24(SB)/8, $0x0007000700070007
GLOBL w7<>(SB), RODATA|NOPTR, $32
DATA pow2<>+0(SB)/8, $0x8040201008040201
DATA pow2<>+8(SB)/8, $0x8040201008040201
DATA pow2<>+16(SB)/8, $0x8040201008040201
DATA pow2<>+24(SB)/8, $0x8040201008040201
GLOBL pow2<>(SB), RODATA|NOPTR, $32

// SHUF1(T): Y5 = table T looked up at the bytes of Y2 that fall in it (0 elsewhere). Y2 holds
// u−16i for table i: VPADDUSB of 0x70 maps 0..15 to 0x70..0x7f (VPSHUFB reads the low nibble) and
// everything else, above (16..127) or below (negative, 0x90..0xff), to 0x80 or more (VPSHUFB gives
// 0). SHUF(T) moves Y2 down by 16 first and ORs the result into Y6.
#define SHUF1(T) \
	VPADDUSB b70<>(SB), Y2, Y4 \
	VPSHUFB Y4, T, Y5

#define SHUF(T) \
	VPSUBB b16<>(SB), Y2, Y2 \
	SHUF1(T) \
	VPOR Y5, Y6, Y6

// TAKEHIT: the lowest hit lane p of DX (0 ≤ p < 64; TZCNT gives 64 and sets CF when DX is empty)
// clears its target: t[u] &^= bit, u and the bit read at p from the pair's slots (R14, R14+512).
// An empty DX clears nothing: the bit is made 0 (CMOV from DI, which holds 0) and u, read beyond
// the pair's lanes, is kept inside t. Then DX loses the lane (BLSR). Needs BMI1.
#define TAKEHIT \
	TZCNTQ DX, R9 \
	MOVBLZX 512(R14)(R9*1), CX \
	MOVBLZX (R14)(R9*1), R10 \
	CMOVQCS DI, CX \
	ANDL $127, R10 \
	NOTL CX \
	ANDB CX, (AX)(R10*1) \
	BLSRQ DX, DX

// func scanTargetsAVX2Shuf(lo, hi *uint16, chunks int, t *targetSet, cnt, loStep, first int, hiOff *int32) (pairs, left int)
//
// With hiOff not nil (and loStep −32), chunk k pairs lo's values with the 32 at hiOff[k] bytes from
// hi, in order (the runs of the target search, targets.go).
// scanTargetsAVX2 without gathers: t (128 bytes) is held as eight 16-byte tables in Y8–Y15, and the
// 32 values x of a chunk are packed to bytes: u = x>>3 selects a byte of t (u>>4 the table, u&15 the
// entry, by VPSHUFB, eight lookups ORed), x&7 the bit in it. About 55 vector instructions a chunk of
// 32 splits, against four VPGATHERDD of eight dwords each; only 31 when every target is below 256
// (the usual case: the targets lie below the smallest missing common value), as the lookups in the
// tables without targets are skipped. The rest (batches, hits) is scanTargetsAVX2's, but for the
// hits being taken two chunks at a time, the first four of a pair without a branch (TAKEHIT): on
// Zen 3 the loop over a chunk's hit lanes, ended at random, cost as much as the scan
// (BenchmarkTargetSearch: 10 % less a heap by pairs, 8 % less again without the branches).
TEXT ·scanTargetsAVX2Shuf(SB), 0, $1112-80
	MOVQ t+24(FP), AX
	MOVQ cnt+32(FP), R8
	MOVQ first+48(FP), DX
	MOVQ DX, 1088(SP)           // the sbatch size
	XORQ BX, BX
sbatch:
	// t, 16 bytes to a table, both lanes: the tables of the coming chunks (t changes only here).
	VBROADCASTI128 0(AX), Y8
	VBROADCASTI128 16(AX), Y9
	VBROADCASTI128 32(AX), Y10
	VBROADCASTI128 48(AX), Y11
	VBROADCASTI128 64(AX), Y12
	VBROADCASTI128 80(AX), Y13
	VBROADCASTI128 96(AX), Y14
	VBROADCASTI128 112(AX), Y15
	// The tables that hold targets: 2 (t below 256), 4 (below 512) or 8, at 1096(SP); a chunk
	// looks up only those (the values that fall in the others are no targets).
	MOVQ 64(AX), R12
	ORQ 72(AX), R12
	ORQ 80(AX), R12
	ORQ 88(AX), R12
	ORQ 96(AX), R12
	ORQ 104(AX), R12
	ORQ 112(AX), R12
	ORQ 120(AX), R12
	MOVQ $8, DX
	JNZ sntab
	MOVQ 32(AX), R12
	ORQ 40(AX), R12
	ORQ 48(AX), R12
	ORQ 56(AX), R12
	MOVQ $4, DX
	JNZ sntab
	MOVQ $2, DX
sntab:
	MOVQ DX, 1096(SP)
	MOVQ 1096(SP), R9           // R12 = the targets in the tables that hold any
	SHLQ $1, R9                 // (the first 2·tables words of t)
	XORQ R12, R12
	XORQ R10, R10
spop0:
	POPCNTQ (AX)(R10*8), CX
	ADDQ CX, R12
	INCQ R10
	CMPQ R10, R9
	JLT spop0
	MOVQ R12, 1104(SP)          // the targets at the sbatch's start
	MOVQ chunks+16(FP), CX
	MOVQ lo+0(FP), SI
	MOVQ hi+8(FP), DI
	MOVQ loStep+40(FP), R13
	MOVQ BX, R12
	SHLQ $6, R12
	MOVQ R13, R9
	IMULQ BX, R9
	LEAQ (SI)(R9*2), SI         // lo moves by loStep values a schunk
	SUBQ R12, DI                // hi moves down by 32 values a schunk
	SHLQ $1, R13                // in bytes
	MOVQ $32, R9                // half A pairs lo[0..15] with hi[16..31] (reversed) …
	XORQ R10, R10               // … half B lo[16..31] with hi[0..15]
	TESTQ R13, R13
	JNS sstart
	XORQ R9, R9                 // splain: A with hi[0..15], B with hi[16..31]
	MOVQ $32, R10
sstart:
	CMPQ BX, CX
	JGE sexhausted
	MOVQ 1088(SP), DX
	LEAQ (BX)(DX*1), R15
	CMPQ R15, CX
	CMOVQGT CX, R15             // the sbatch ends at schunk min(BX+size, chunks)
	SHLQ $1, DX
	MOVQ $16, R11
	CMPQ DX, R11
	CMOVQGT R11, DX
	MOVQ DX, 1088(SP)           // the next sbatch: twice as many chunks, at most 16
	MOVQ BX, R11                // the sbatch's first schunk
	LEAQ (SP), R14              // the schunk's slots: u at 32·k, the bits at 512+32·k
schunk:
	RUNHI(R12, sconsec)
sconsec:
	VMOVDQU (SI), Y0            // lo[0..15]
	VMOVDQU 32(SI), Y1          // lo[16..31]
	VMOVDQU (DI)(R9*1), Y2
	VMOVDQU (DI)(R10*1), Y3
	TESTQ R13, R13
	JS splain
	VPSHUFB revb16<>(SB), Y2, Y2
	VPERMQ $0x4e, Y2, Y2        // reversed: Y2[k] = hi[31-k]
	VPSHUFB revb16<>(SB), Y3, Y3
	VPERMQ $0x4e, Y3, Y3        // Y3[k] = hi[15-k]
splain:
	VPXOR Y0, Y2, Y0            // x, splits 0..15
	VPXOR Y1, Y3, Y1            // x, splits 16..31
	VPSRLW $3, Y0, Y2
	VPSRLW $3, Y1, Y3
	// The bytes come in the packing's order (splits 0–7, 16–23, 8–15, 24–31), the same for u
	// and the bit, and so for the hits: no lane is put back in place.
	VPACKUSWB Y3, Y2, Y2        // u: byte = x>>3, the byte of t (0..127)
	VPAND w7<>(SB), Y0, Y3
	VPAND w7<>(SB), Y1, Y4
	VPACKUSWB Y4, Y3, Y3        // byte = x&7, the bit in it
	VMOVDQU Y2, (R14)           // u, for the hits
	SHUF1(Y8)
	VMOVDQU Y5, Y6
	SHUF(Y9)
	CMPQ 1096(SP), $2
	JLE slooked
	SHUF(Y10)
	SHUF(Y11)
	CMPQ 1096(SP), $4
	JLE slooked
	SHUF(Y12)
	SHUF(Y13)
	SHUF(Y14)
	SHUF(Y15)
slooked:
	VMOVDQU pow2<>(SB), Y7
	VPSHUFB Y3, Y7, Y7          // 1<<(x_j&7)
	VMOVDQU Y7, 512(R14)        // and the bit
	VPAND Y7, Y6, Y6
	VPCMPEQB Y7, Y6, Y6
	VPMOVMSKB Y6, DX            // bit j: split j is a target
	MOVQ BX, R12
	SUBQ R11, R12
	MOVL DX, 1024(SP)(R12*4)    // the schunk's hits
	ADDQ R13, SI
	SUBQ $64, DI
	ADDQ $32, R14
	INCQ BX
	CMPQ BX, R15
	JLT schunk
	// Take the hits of the sbatch's chunks.
	MOVQ BX, R15
	SUBQ R11, R15               // chunks in the sbatch
	XORQ R12, R12
stakechunk:
	// Two chunks at a time: their masks as one 64-bit word, whose lanes' u and bit lie at p from
	// the pair's slots. The first four hit lanes are taken without a branch (TAKEHIT); a loop
	// takes the rest, so that a branch taken at random ends only the pairs with more than four.
	TESTQ $1, R15
	JZ spairs
	MOVL $0, 1024(SP)(R15*4)    // an odd sbatch: its last pair's second mask is none
spairs:
	CMPQ R12, R15
	JGE staken
	MOVL 1024(SP)(R12*4), DX
	MOVL 1028(SP)(R12*4), R9
	SHLQ $32, R9
	ORQ R9, DX
	MOVQ R12, R14
	SHLQ $5, R14
	LEAQ (SP)(R14*1), R14       // the pair's slots
	XORQ DI, DI                 // 0, for TAKEHIT (DI is set again at the next sbatch)
	TAKEHIT
	TAKEHIT
	TAKEHIT
	TAKEHIT
	TESTQ DX, DX
	JNZ stakelane
snextchunk:
	ADDQ $2, R12
	JMP spairs
stakelane:
	TAKEHIT
	TESTQ DX, DX
	JNZ stakelane
	JMP snextchunk
staken:
	// The targets found in the sbatch: those at its start less those left.
	MOVQ 1096(SP), R9           // R12 = the targets in the tables that hold any
	SHLQ $1, R9                 // (the first 2·tables words of t)
	XORQ R12, R12
	XORQ R10, R10
spop1:
	POPCNTQ (AX)(R10*8), CX
	ADDQ CX, R12
	INCQ R10
	CMPQ R10, R9
	JLT spop1
	SUBQ 1104(SP), R8
	ADDQ R12, R8
	TESTQ R8, R8
	JNZ sbatch
sexhausted:
	SHLQ $5, BX
	MOVQ BX, pairs+64(FP)
	MOVQ R8, left+72(FP)
	VZEROUPPER
	RET
