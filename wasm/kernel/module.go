package kernel

// The module: a small WebAssembly module, written here instruction by
// instruction, that finds the medians of a side's resamples, what
// stats.Medians computes with the Go draws. Each function makes a side's
// draws mix(state) % n exactly as the Go draws do (SplitMix64, then a
// 64-bit remainder), counts them, and reads the sorted positions at ranks
// lower and upper off the counts.

import "github.com/benchview/benchview/core/stats"

const (
	resamples = stats.Resamples
	maxTiny   = 15                    // the largest n tiny takes
	gamma     = 0x9E37_79B9_7F4A_7C15 // SplitMix64's increment
)

// Memory: resample i's lower position at outLower + 4i, its upper one at
// outUpper + 4i, and the counts from counts on, a byte each for n <= 255
// (narrow) and four bytes each above (wide).
const (
	outLower     = 0
	outUpper     = outLower + 4*resamples
	countsOffset = outUpper + 4*resamples
)

// moduleBytes returns the module's binary: three functions, tiny (n <=
// 15), narrow (n <= 255) and wide, each (n, start low, start high, stride
// low, stride high, lower, upper) with 32-bit parameters, and the memory,
// exported as "memory".
// The 64-bit stream positions come in halves because a 64-bit parameter
// would have to be a JavaScript BigInt.
func moduleBytes() []byte {
	i32 := byte(0x7F)
	funcType := append([]byte{0x60, 7}, i32, i32, i32, i32, i32, i32, i32)
	funcType = append(funcType, 0) // no results

	var m []byte
	m = append(m, 0x00, 'a', 's', 'm', 1, 0, 0, 0)
	m = appendSection(m, 1, vector(funcType))                        // types
	m = appendSection(m, 3, vector([]byte{0}, []byte{0}, []byte{0})) // functions, all of type 0
	m = appendSection(m, 5, vector([]byte{0x00, 2}))                 // memory: at least 2 pages
	m = appendSection(m, 7, vector(export("tiny", 0, 0),             // exports
		export("narrow", 0, 1), export("wide", 0, 2), export("memory", 2, 0)))
	m = appendSection(m, 10, vector(tinyCode(), mediansCode(1), mediansCode(4)))
	return m
}

// Locals of the medians functions, after the seven parameters.
const (
	pN, pStartLo, pStartHi, pStrideLo, pStrideHi, pLower, pUpper = 0, 1, 2, 3, 4, 5, 6

	lStart  = 7  // i64: the state before resample r's draws
	lStride = 8  // i64
	lN64    = 9  // i64: n
	lState  = 10 // i64: the stream, draw by draw
	lZ      = 11 // i64: a draw being mixed
	lR      = 12 // i32: the resample
	lI      = 13 // i32: draws left, then the position walked to
	lJ      = 14 // i32: a drawn position
	lSeen   = 15 // i32: draws at positions up to the walk's
	lSum    = 16 // i32: the draws in eight positions (narrow)
	lCounts = 17 // i64: the counts, four bits a position (tiny)
	lSums   = 18 // i64: their running sums (tiny), a word's (narrow)
	lT      = 19 // i32: the draws a search still passes in its word (narrow)
)

// locals declares the locals above: five i64, five i32, two i64, an i32.
var locals = vector([]byte{5, 0x7E}, []byte{5, 0x7F}, []byte{2, 0x7E}, []byte{1, 0x7F})

// tinyCode is the body of tiny, for n <= maxTiny: the counts kept in a
// register, four bits each (no count of n <= 15 draws needs more), and the
// sorted positions lower and upper read off their running sums.
func tinyCode() []byte {
	var a asm
	a.prologue()

	a.block(opLoop) // each resample
	{
		a.get(lStart).set(lState)
		a.i64Const(0).set(lCounts)
		a.get(pN).set(lI)
		a.block(opLoop)
		{
			a.draw()
			// counts += 1 << 4*(draw)
			a.i64Const(2).op(opI64Shl).set(lZ)
			a.get(lCounts).i64Const(1).get(lZ).op(opI64Shl).op(opI64Add).set(lCounts)
			a.get(lI).i32Const(1).op(opI32Sub).tee(lI).brIf(0)
		}
		a.end()
		a.get(lCounts).i64Const(0x1111_1111_1111_1111).op(opI64Mul).set(lSums)
		a.get(lR).i32Const(2).op(opI32Shl).i32Const(16).above(pLower).op(opI32Sub).store32(outLower)
		a.get(lR).i32Const(2).op(opI32Shl).i32Const(16).above(pUpper).op(opI32Sub).store32(outUpper)
		a.nextResample()
	}
	a.end()
	a.end() // the function
	return a.body()
}

// prologue sets the 64-bit locals from the parameters: the stream's
// start and stride from their halves, and n.
func (a *asm) prologue() {
	a.i64From(pStartLo, pStartHi, lStart)
	a.i64From(pStrideLo, pStrideHi, lStride)
	a.get(pN).op(opI64ExtendI32U).set(lN64)
}

// above pushes how many of lSums' 16 nibbles exceed local k, which is
// below 15: spread over bytes, a nibble plus 0x7F-k carries into its
// byte's top bit exactly when it exceeds k.
func (a *asm) above(k byte) *asm {
	const nibbles, tops = 0x0F0F_0F0F_0F0F_0F0F, 0x8080_8080_8080_8080
	// add = (0x7F - k) * 0x0101...01
	a.i32Const(0x7F).get(k).op(opI32Sub).op(opI64ExtendI32U).i64Const(0x0101_0101_0101_0101).op(opI64Mul).set(lZ)
	a.get(lSums).i64Const(nibbles).op(opI64And).get(lZ).op(opI64Add).i64Const(tops).op(opI64And).op(opI64Popcnt)
	a.get(lSums).i64Const(4).op(opI64ShrU).i64Const(nibbles).op(opI64And).get(lZ).op(opI64Add).i64Const(tops).op(opI64And).op(opI64Popcnt)
	return a.op(opI64Add).op(opI32WrapI64)
}

// draw pushes the next draw, mix(state += gamma) % n, as an i64.
func (a *asm) draw() *asm {
	a.get(lState).i64Const(gamma).op(opI64Add).tee(lState).set(lZ)
	a.mixStep(30, 0xBF58_476D_1CE4_E5B9)
	a.mixStep(27, 0x94D0_49BB_1331_11EB)
	a.get(lZ).get(lZ).i64Const(31).op(opI64ShrU).op(opI64Xor)
	return a.get(lN64).op(opI64RemU)
}

// sortedAt stores at out + 4r the position at local k of the sorted
// resample, the first whose running total exceeds k: a word of byte counts at
// a time from byte lI on, with lSeen draws before it, to the word whose
// running totals pass k, and in that word by one compare and popcount
// (or, where a total reaches 0x80, byte by byte). lI and lSeen are left at
// that word, where a search for a larger k goes on. The byte-by-byte
// branch needs 0x80 of the n <= 255 draws piled into eight positions,
// which uniform draws practically never do: the Go function's test builds
// such counts, and the kernel is held to the Go draws on ordinary ones.
func (a *asm) sortedAt(k byte, out uint64) {
	const ones, tops = 0x0101_0101_0101_0101, 0x8080_8080_8080_8080
	a.block(opBlock)
	a.block(opLoop)
	{
		a.get(lI).load64(countsOffset).i64Const(ones).op(opI64Mul).tee(lSums)
		a.i64Const(56).op(opI64ShrU).op(opI32WrapI64).set(lSum)
		a.get(lSeen).get(lSum).op(opI32Add).get(k).op(opI32GtS).brIf(1)
		a.get(lSeen).get(lSum).op(opI32Add).set(lSeen)
		a.get(lI).i32Const(8).op(opI32Add).set(lI)
		a.br(0)
	}
	a.end()
	a.end()
	a.get(k).get(lSeen).op(opI32Sub).set(lT)

	a.get(lR).i32Const(2).op(opI32Shl) // the address, for the store below
	a.get(lT).i32Const(0x80).op(opI32LtU)
	a.get(lSums).i64Const(tops).op(opI64And).op(opI64Eqz).op(opI32And)
	a.op(opIf, 0x7F) // an i32 result: the position
	{
		// i + 8 - (how many running totals exceed t)
		a.get(lI).i32Const(8).op(opI32Add)
		a.get(lSums).i64Const(tops).op(opI64Or)
		a.get(lT).i32Const(1).op(opI32Add).op(opI64ExtendI32U).i64Const(ones).op(opI64Mul).op(opI64Sub)
		a.i64Const(tops).op(opI64And).op(opI64Popcnt).op(opI32WrapI64).op(opI32Sub)
	}
	a.op(opElse)
	{
		a.i32Const(0).set(lJ)
		a.block(opBlock)
		a.block(opLoop)
		{
			a.get(lSums).get(lJ).i32Const(3).op(opI32Shl).op(opI64ExtendI32U).op(opI64ShrU)
			a.i64Const(0xFF).op(opI64And).op(opI32WrapI64).get(lT).op(opI32GtU).brIf(1)
			a.get(lJ).i32Const(1).op(opI32Add).set(lJ)
			a.br(0)
		}
		a.end()
		a.end()
		a.get(lI).get(lJ).op(opI32Add)
	}
	a.end()
	a.store32(out)
}

// nextResample moves start on by stride and loops while resamples remain.
func (a *asm) nextResample() {
	a.get(lStart).get(lStride).op(opI64Add).set(lStart)
	a.get(lR).i32Const(1).op(opI32Add).tee(lR).i32Const(resamples).op(opI32LtU).brIf(0)
}

// body is the function's code with its locals, sized.
func (a asm) body() []byte {
	b := append(append([]byte{}, locals...), a...)
	return append(uleb(nil, uint64(len(b))), b...)
}

// mediansCode is the body of narrow (width 1: a byte per count) or wide
// (width 4). For each resample it makes n draws mix(state) % n from the
// stream, counts them, and finds the first position whose running total
// exceeds lower, and the first whose total exceeds upper: the resample's
// sorted positions lower and upper, as medians finds them. Narrow searches
// a word of counts at a time (sortedAt), wide one count at a time.
func mediansCode(width int) []byte {
	var a asm
	a.prologue()

	a.block(opLoop) // each resample
	{
		// The draws: count[mix(state += gamma) % n]++, n times.
		a.get(lStart).set(lState)
		a.get(pN).set(lI)
		a.block(opLoop)
		{
			a.draw().op(opI32WrapI64)
			a.countAddress(width).tee(lJ)
			a.get(lJ).loadCount(width).i32Const(1).op(opI32Add).storeCount(width)
			a.get(lI).i32Const(1).op(opI32Sub).tee(lI).brIf(0)
		}
		a.end()

		a.i32Const(0).set(lSeen)
		a.i32Const(0).set(lI)
		if width == 1 {
			a.sortedAt(pLower, outLower)
			a.sortedAt(pUpper, outUpper)
		} else {
			// One count at a time to the position that holds lower.
			a.get(lSeen).get(lI).countAddress(width).loadCount(width).op(opI32Add).set(lSeen)
			a.block(opBlock)
			a.block(opLoop)
			{
				a.get(lSeen).get(pLower).op(opI32GtS).brIf(1)
				a.get(lI).i32Const(1).op(opI32Add).tee(lI)
				a.countAddress(width).loadCount(width).get(lSeen).op(opI32Add).set(lSeen)
				a.br(0)
			}
			a.end()
			a.end()
			a.get(lR).i32Const(2).op(opI32Shl).get(lI).store32(outLower)

			// Upper is the same position unless the draws up to it number
			// upper or fewer; then it is the next position drawn at all.
			a.get(lSeen).get(pUpper).op(opI32LeS).block(opIf)
			{
				a.block(opBlock)
				a.block(opLoop)
				{
					a.get(lI).i32Const(1).op(opI32Add).tee(lI)
					a.countAddress(width).loadCount(width).brIf(1)
					a.br(0)
				}
				a.end()
				a.end()
			}
			a.end()
			a.get(lR).i32Const(2).op(opI32Shl).get(lI).store32(outUpper)
		}

		// Clear the counts for the next resample.
		a.i32Const(countsOffset).i32Const(0)
		a.get(pN).i32Const(int64(width)).op(opI32Mul).i32Const(7).op(opI32Add).i32Const(-8).op(opI32And)
		a.op(0xFC, 11, 0) // memory.fill

		a.nextResample()
	}
	a.end()
	a.end() // the function
	return a.body()
}

// Opcodes the module's functions use.
const (
	opBlock, opLoop, opIf, opElse   = 0x02, 0x03, 0x04, 0x05
	opEnd, opBr, opBrIf             = 0x0B, 0x0C, 0x0D
	opLocalGet, opLocalSet, opTee   = 0x20, 0x21, 0x22
	opI32Load, opI64Load, opI32Ld8U = 0x28, 0x29, 0x2D
	opI32Store, opI32Store8         = 0x36, 0x3A
	opI32Const, opI64Const          = 0x41, 0x42
	opI64Eqz                        = 0x50
	opI32LtU, opI32GtS, opI32GtU    = 0x49, 0x4A, 0x4B
	opI32LeS                        = 0x4C
	opI32Add, opI32Sub, opI32Mul    = 0x6A, 0x6B, 0x6C
	opI32And, opI32Shl              = 0x71, 0x74
	opI64Popcnt, opI64Add           = 0x7B, 0x7C
	opI64Sub, opI64Mul, opI64RemU   = 0x7D, 0x7E, 0x82
	opI64And, opI64Or, opI64Xor     = 0x83, 0x84, 0x85
	opI64Shl, opI64ShrU             = 0x86, 0x88
	opI32WrapI64, opI64ExtendI32U   = 0xA7, 0xAD
)

// asm is a function body being written, one instruction at a time.
type asm []byte

func (a *asm) op(b ...byte) *asm      { *a = append(*a, b...); return a }
func (a *asm) get(local byte) *asm    { return a.op(opLocalGet, local) }
func (a *asm) set(local byte) *asm    { return a.op(opLocalSet, local) }
func (a *asm) tee(local byte) *asm    { return a.op(opTee, local) }
func (a *asm) block(kind byte) *asm   { return a.op(kind, 0x40) } // no result
func (a *asm) end() *asm              { return a.op(opEnd) }
func (a *asm) br(depth byte) *asm     { return a.op(opBr, depth) }
func (a *asm) brIf(depth byte) *asm   { return a.op(opBrIf, depth) }
func (a *asm) i32Const(v int64) *asm  { *a = sleb(append(*a, opI32Const), v); return a }
func (a *asm) i64Const(v uint64) *asm { *a = sleb(append(*a, opI64Const), int64(v)); return a }
func (a *asm) mem(op byte, align, offset uint64) *asm {
	*a = uleb(uleb(append(*a, op), align), offset)
	return a
}
func (a *asm) load64(offset uint64) *asm  { return a.mem(opI64Load, 3, offset) }
func (a *asm) store32(offset uint64) *asm { return a.mem(opI32Store, 2, offset) }

// i64From sets local to the 64-bit number whose halves are locals lo and hi.
func (a *asm) i64From(lo, hi, local byte) {
	a.get(hi).op(opI64ExtendI32U).i64Const(32).op(opI64Shl)
	a.get(lo).op(opI64ExtendI32U).op(opI64Or).set(local)
}

// mixStep is z = (z ^ z>>shift) * k, a step of SplitMix64's mix.
func (a *asm) mixStep(shift, k uint64) {
	a.get(lZ).get(lZ).i64Const(shift).op(opI64ShrU).op(opI64Xor).i64Const(k).op(opI64Mul).set(lZ)
}

// countAddress turns the position on the stack into its count's address,
// less countsOffset, which the loads and stores add.
func (a *asm) countAddress(width int) *asm {
	if width == 4 {
		a.i32Const(2).op(opI32Shl)
	}
	return a
}

func (a *asm) loadCount(width int) *asm {
	if width == 1 {
		return a.mem(opI32Ld8U, 0, countsOffset)
	}
	return a.mem(opI32Load, 2, countsOffset)
}

func (a *asm) storeCount(width int) *asm {
	if width == 1 {
		return a.mem(opI32Store8, 0, countsOffset)
	}
	return a.mem(opI32Store, 2, countsOffset)
}

// appendSection appends section id with its contents.
func appendSection(m []byte, id byte, contents []byte) []byte {
	return append(uleb(append(m, id), uint64(len(contents))), contents...)
}

// vector is the items, counted.
func vector(items ...[]byte) []byte {
	v := uleb(nil, uint64(len(items)))
	for _, it := range items {
		v = append(v, it...)
	}
	return v
}

// export names item index of kind (0 a function, 2 a memory).
func export(name string, kind byte, index uint64) []byte {
	e := append(uleb(nil, uint64(len(name))), name...)
	return uleb(append(e, kind), index)
}

// uleb appends v in unsigned LEB128.
func uleb(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// sleb appends v in signed LEB128.
func sleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7F)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
