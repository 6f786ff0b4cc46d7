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

// DRAW turns the eight states in s into their draws reduced mod n, as
// float64s in t, with s and u for scratch. It expects Z3, Z4 = mix's
// multipliers, Z5 = n as a float64, Z6 = 2^32 % n, Z7 = 1/n, Z8 = 2^32-1
// and Z9 = 0 in every lane, and uses K1.
//
// mix(s), then x = (z>>32)*(2^32 % n) + z&(2^32-1), congruent to z and
// below 2^53, so exact as a float64. x * (1/n) is within 2^-19 of x/n
// (x/n is below 2^32), so rounded to the nearest integer it is the
// quotient or one more; x - q*n, computed exactly in one fused
// multiply-add, is then the remainder or the remainder less n, which one
// masked add corrects.
#define DRAW(s, t, u) \
	VPSRLQ       $30, s, t      \
	VPXORQ       s, t, s        \
	VPMULLQ      Z3, s, s       \
	VPSRLQ       $27, s, t      \
	VPXORQ       s, t, s        \
	VPMULLQ      Z4, s, s       \
	VPSRLQ       $31, s, t      \
	VPXORQ       s, t, s        \
	VPSRLQ       $32, s, t      \
	VPMULUDQ     Z6, t, t       \
	VPANDQ       Z8, s, u       \
	VPADDQ       u, t, t        \
	VCVTUQQ2PD   t, t           \
	VMULPD       Z7, t, u       \
	VRNDSCALEPD  $0, u, u       \
	VFNMADD231PD Z5, u, t       \
	VCMPPD       $1, Z9, t, K1  \
	VADDPD       Z5, t, K1, t

// SETUP fills the registers DRAW expects from n in CX, 2^32 % n in DX and
// 1/n in X0.
#define SETUP \
	VPBROADCASTQ mix1<>(SB), Z3 \
	VPBROADCASTQ mix2<>(SB), Z4 \
	VPBROADCASTQ CX, Z5         \
	VCVTUQQ2PD   Z5, Z5         \
	VPBROADCASTQ DX, Z6         \
	VBROADCASTSD X0, Z7         \
	VPBROADCASTQ low32<>(SB), Z8 \
	VPXORQ       Z9, Z9, Z9

// func drawAVX512(state, n, r uint64, inv float64, out []uint32)
//
// See draw_amd64.go: out[j] = mix(state + (j+1)*gamma) % n, eight at a
// time.
TEXT ·drawAVX512(SB), NOSPLIT, $0-56
	MOVQ state+0(FP), AX
	MOVQ n+8(FP), CX
	MOVQ r+16(FP), DX
	MOVQ out_base+32(FP), DI
	MOVQ out_len+40(FP), SI
	MOVSD inv+24(FP), X0
	SETUP

	VPBROADCASTQ AX, Z1
	VPADDQ       laneGammas<>(SB), Z1, Z1 // the states of the next eight draws
	VPBROADCASTQ eightGammas<>(SB), Z2

draws:
	CMPQ SI, $0
	JLE  drawn
	VMOVDQA64 Z1, Z10
	DRAW(Z10, Z11, Z12)
	VCVTTPD2DQ Z11, Y11
	VMOVDQU    Y11, (DI)
	VPADDQ  Z2, Z1, Z1
	ADDQ    $32, DI
	SUBQ    $8, SI
	JMP     draws

drawn:
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
