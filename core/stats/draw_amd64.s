//go:build !purego

#include "textflag.h"

// k*gamma for the eight lanes, k = 1..8: lane k holds the stream's state
// k draws on.
DATA laneGammas<>+0(SB)/8, $0x9e3779b97f4a7c15
DATA laneGammas<>+8(SB)/8, $0x3c6ef372fe94f82a
DATA laneGammas<>+16(SB)/8, $0xdaa66d2c7ddf743f
DATA laneGammas<>+24(SB)/8, $0x78dde6e5fd29f054
DATA laneGammas<>+32(SB)/8, $0x1715609f7c746c69
DATA laneGammas<>+40(SB)/8, $0xb54cda58fbbee87e
DATA laneGammas<>+48(SB)/8, $0x538454127b096493
DATA laneGammas<>+56(SB)/8, $0xf1bbcdcbfa53e0a8
GLOBL laneGammas<>(SB), RODATA|NOPTR, $64

DATA eightGammas<>+0(SB)/8, $0xf1bbcdcbfa53e0a8
GLOBL eightGammas<>(SB), RODATA|NOPTR, $8
DATA mix1<>+0(SB)/8, $0xbf58476d1ce4e5b9
GLOBL mix1<>(SB), RODATA|NOPTR, $8
DATA mix2<>+0(SB)/8, $0x94d049bb133111eb
GLOBL mix2<>(SB), RODATA|NOPTR, $8
DATA low32<>+0(SB)/8, $0x00000000ffffffff
GLOBL low32<>(SB), RODATA|NOPTR, $8

// func drawAVX512(state, n, r uint64, inv float64, out []uint32)
//
// See drawVector in draw_amd64.go: out[j] = mix(state + (j+1)*gamma) % n,
// eight at a time, for len(out) rounded up to a multiple of eight.
TEXT ·drawAVX512(SB), NOSPLIT, $0-56
	MOVQ  state+0(FP), AX
	MOVQ  n+8(FP), BX
	MOVQ  r+16(FP), CX
	MOVQ  out_base+32(FP), DI
	MOVQ  out_len+40(FP), SI

	VPBROADCASTQ AX, Z1
	VPADDQ       laneGammas<>(SB), Z1, Z1 // the states of the next eight draws
	VPBROADCASTQ eightGammas<>(SB), Z2
	VPBROADCASTQ mix1<>(SB), Z3
	VPBROADCASTQ mix2<>(SB), Z4
	VPBROADCASTQ BX, Z5                   // n
	VPBROADCASTQ CX, Z6                   // 2^32 % n
	VBROADCASTSD inv+24(FP), Z7           // 1/n
	VPBROADCASTQ low32<>(SB), Z8
	VPXORQ       Z9, Z9, Z9               // 0

loop:
	CMPQ SI, $0
	JLE  done

	// z = mix(state)
	VPSRLQ  $30, Z1, Z10
	VPXORQ  Z1, Z10, Z10
	VPMULLQ Z3, Z10, Z10
	VPSRLQ  $27, Z10, Z11
	VPXORQ  Z10, Z11, Z10
	VPMULLQ Z4, Z10, Z10
	VPSRLQ  $31, Z10, Z11
	VPXORQ  Z10, Z11, Z10

	// x = (z>>32)*(2^32 % n) + z&(2^32-1), congruent to z and below 2^53.
	VPSRLQ   $32, Z10, Z11
	VPMULUDQ Z6, Z11, Z11
	VPANDQ   Z8, Z10, Z12
	VPADDQ   Z12, Z11, Z11

	// q = trunc(x * (1/n)), at most one from x/n; x - q*n in [-n, 2n).
	VCVTUQQ2PD  Z11, Z12
	VMULPD      Z7, Z12, Z12
	VCVTTPD2UQQ Z12, Z12
	VPMULLQ     Z5, Z12, Z12
	VPSUBQ      Z12, Z11, Z11
	VPCMPQ      $1, Z9, Z11, K1 // x < 0
	VPADDQ      Z5, Z11, K1, Z11
	VPCMPQ      $5, Z5, Z11, K2 // x >= n
	VPSUBQ      Z5, Z11, K2, Z11

	VPMOVQD Z11, (DI)
	VPADDQ  Z2, Z1, Z1
	ADDQ    $32, DI
	SUBQ    $8, SI
	JMP     loop

done:
	VZEROUPPER
	RET

// func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL subleaf+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET
