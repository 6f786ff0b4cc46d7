//go:build !purego

#include "go_asm.h"
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

DATA ones<>+0(SB)/8, $1
GLOBL ones<>(SB), RODATA|NOPTR, $8

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

// func tinyCountsAVX512(start, stride, n, r uint64, inv float64, out []uint64)
//
// See draw_amd64.go: out[i] holds resample i's counts, four bits a
// position, for the n <= 15 draws after state start + i*stride.
TEXT ·tinyCountsAVX512(SB), NOSPLIT, $0-64
	MOVQ start+0(FP), AX
	MOVQ stride+8(FP), BX
	MOVQ n+16(FP), CX
	MOVQ r+24(FP), DX
	MOVQ out_base+40(FP), DI
	MOVQ out_len+48(FP), SI
	MOVSD inv+32(FP), X0
	SETUP

	// Which lanes are draws: the first n of the sixteen.
	MOVQ  $1, R8
	SHLQ  CX, R8
	DECQ  R8
	KMOVQ R8, K3
	SHRQ  $8, R8
	KMOVQ R8, K4

	VMOVDQU64    laneGammas<>(SB), Z13 // 1..8 gammas
	VPBROADCASTQ eightGammas<>(SB), Z14
	VPADDQ       Z14, Z13, Z14         // 9..16 gammas
	VPBROADCASTQ ones<>(SB), Z15

resamples:
	TESTQ SI, SI
	JZ    counted
	VPBROADCASTQ AX, Z1
	VPADDQ       Z14, Z1, Z2
	VPADDQ       Z13, Z1, Z1
	DRAW(Z1, Z10, Z11)
	VCVTTPD2QQ Z10, Z1
	DRAW(Z2, Z10, Z11)
	VCVTTPD2QQ Z10, Z2

	// Each draw j adds 1 << 4j; no sum of them carries out of a nibble.
	VPSLLQ  $2, Z1, Z1
	VPSLLVQ Z1, Z15, Z1
	VPSLLQ  $2, Z2, Z2
	VPSLLVQ Z2, Z15, Z2
	VPXORQ  Z10, Z10, Z10
	VPADDQ  Z1, Z10, K3, Z10
	VPADDQ  Z2, Z10, K4, Z10
	VEXTRACTI64X4 $1, Z10, Y11
	VPADDQ        Y11, Y10, Y10
	VEXTRACTI128  $1, Y10, X11
	VPADDQ        X11, X10, X10
	VPSHUFD       $0x4e, X10, X11
	VPADDQ        X11, X10, X10
	VMOVQ         X10, (DI)

	ADDQ BX, AX
	ADDQ $8, DI
	DECQ SI
	JMP  resamples

counted:
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

// func sortedMediansAVX512(start, stride, n, r uint64, inv float64, net *sortNetwork, lower, upper uint64, outLower, outUpper []uint32)
//
// See draw_amd64.go: for each resample, its n <= 64 draws as bytes in one
// register (0xFF above n), sorted by net, and the bytes at lower and
// upper stored as its median positions. Two resamples at a time, A and B,
// whose sorts are long chains of dependent steps that interleave.
TEXT ·sortedMediansAVX512(SB), NOSPLIT, $0-112
	MOVQ  start+0(FP), AX
	MOVQ  stride+8(FP), BX
	MOVQ  n+16(FP), CX
	MOVQ  r+24(FP), DX
	MOVSD inv+32(FP), X0
	MOVQ  net+40(FP), R10
	MOVQ  outLower_base+64(FP), DI
	MOVQ  outLower_len+72(FP), SI
	MOVQ  outUpper_base+88(FP), R8
	MOVQ  lower+48(FP), R12
	VPBROADCASTB R12, Z24
	MOVQ  upper+56(FP), R12
	VPBROADCASTB R12, Z26
	MOVQ  CX, R15
	ADDQ  $7, R15
	SHRQ  $3, R15 // groups of eight draws
	SETUP
	VPBROADCASTQ eightGammas<>(SB), Z2
	VMOVDQU8     sortNetwork_pad(R10), Z27 // 0xFF in the lanes at n and above
	MOVQ         BX, CX
	SHLQ         $1, CX         // two strides: from one pair to the next

pair:
	CMPQ SI, $2
	JLT  sorted
	VPBROADCASTQ AX, Z1
	VPADDQ       laneGammas<>(SB), Z1, Z1 // A's states
	VPBROADCASTQ BX, Z17
	VPADDQ       Z1, Z17, Z17 // B's, a stride on
	MOVQ         R15, R9
	MOVQ         $1, R11
	KMOVQ        R11, K2 // the lane the group's eight bytes go to
	VMOVDQA64    Z27, Z0
	VMOVDQA64    Z27, Z18

group:
	VMOVDQA64    Z1, Z10
	VMOVDQA64    Z17, Z28
	DRAW(Z10, Z11, Z12)
	DRAW(Z28, Z29, Z30)
	VCVTTPD2QQ   Z11, Z11
	VCVTTPD2QQ   Z29, Z29
	VPMOVQB      Z11, X11
	VPMOVQB      Z29, X29
	VPBROADCASTQ X11, K2, Z0
	VPBROADCASTQ X29, K2, Z18
	KSHIFTLB     $1, K2, K2
	VPADDQ       Z2, Z1, Z1
	VPADDQ       Z2, Z17, Z17
	DECQ         R9
	JNZ          group

	VPORQ Z27, Z0, Z0
	VPORQ Z27, Z18, Z18

	MOVQ R10, R12       // net.index
	LEAQ sortNetwork_max(R10), R14 // net.max
	MOVQ $21, R13

stage:
	VMOVDQU8  (R12), Z20
	KMOVQ     (R14), K1
	VPERMB    Z0, Z20, Z21
	VPERMB    Z18, Z20, Z13
	VPMINUB   Z21, Z0, Z22
	VPMINUB   Z13, Z18, Z14
	VPMAXUB   Z21, Z0, Z23
	VPMAXUB   Z13, Z18, Z15
	VPBLENDMB Z23, Z22, K1, Z0
	VPBLENDMB Z15, Z14, K1, Z18
	ADDQ      $64, R12
	ADDQ      $8, R14
	DECQ      R13
	JNZ       stage

	VPERMB Z0, Z24, Z25
	VMOVD  X25, R12
	ANDL   $0xFF, R12
	MOVL   R12, (DI)
	VPERMB Z18, Z24, Z25
	VMOVD  X25, R12
	ANDL   $0xFF, R12
	MOVL   R12, 4(DI)
	VPERMB Z0, Z26, Z25
	VMOVD  X25, R12
	ANDL   $0xFF, R12
	MOVL   R12, (R8)
	VPERMB Z18, Z26, Z25
	VMOVD  X25, R12
	ANDL   $0xFF, R12
	MOVL   R12, 4(R8)

	ADDQ CX, AX
	ADDQ $8, DI
	ADDQ $8, R8
	SUBQ $2, SI
	JMP  pair

sorted:
	VZEROUPPER
	RET
