package game

import (
	"reflect"
	"unsafe"
)

// bitsKeyer is the Keyer the solver gives itself for a position type of at most 8 bytes that is
// plain memory (see plainMemory): the key is the position's bits, so equal positions have equal
// keys and different ones different keys, and the table of keyInterner keeps positions of close
// bits close in memory — much faster than hashing the positions, and with no help from the game.
type bitsKeyer[P comparable] struct{}

// Key returns the bits of p as a number.
func (bitsKeyer[P]) Key(p P) uint64 {
	ptr := unsafe.Pointer(&p)
	switch unsafe.Sizeof(p) {
	case 1:
		return uint64(*(*uint8)(ptr))
	case 2:
		return uint64(*(*uint16)(ptr))
	case 4:
		return uint64(*(*uint32)(ptr))
	case 8:
		return *(*uint64)(ptr)
	}
	var k uint64
	for i, b := range unsafe.Slice((*byte)(ptr), unsafe.Sizeof(p)) {
		k |= uint64(b) << (8 * i)
	}
	return k
}

// gatherKeyer is the Keyer the solver gives itself for a type that is plain memory but for
// padding or blank fields (see significantBytes) and has at most 8 significant bytes — a 32-bit
// board and a one-byte flag, say: the key is those bytes, gathered.
type gatherKeyer[P comparable] struct {
	offs []uintptr // the offsets of the significant bytes, in order
}

// Key returns the significant bytes of p as a number, the first in the low byte.
func (g gatherKeyer[P]) Key(p P) uint64 {
	ptr := unsafe.Pointer(&p)
	var k uint64
	for i, o := range g.offs {
		k |= uint64(*(*byte)(unsafe.Add(ptr, o))) << (8 * i)
	}
	return k
}

// autoKeyer returns a Keyer for P when equality on P is that of at most 8 bytes of it: a
// bitsKeyer for at most 8 bytes of plain memory, a gatherKeyer when padding or blank fields leave
// at most 8 significant bytes; nil otherwise.
func autoKeyer[P comparable]() Keyer[P] {
	t := reflect.TypeFor[P]()
	if t.Size() == 0 {
		return nil
	}
	if t.Size() <= 8 && plainMemory(t) {
		return bitsKeyer[P]{}
	}
	sig := make([]byte, t.Size())
	if !significantBytes(t, sig) {
		return nil
	}
	var offs []uintptr
	for i, b := range sig {
		if b != 0 {
			offs = append(offs, uintptr(i))
		}
	}
	if len(offs) > 8 {
		return nil
	}
	return gatherKeyer[P]{offs: offs}
}

// plainMemory reports whether two values of type t are equal (==) exactly when their bytes are:
// booleans and integers, and arrays and structs of them without padding. Floating-point numbers
// are not (0 == -0, NaN != NaN), nor are strings, pointers, interfaces and channels (their bytes
// are not their value, or the same value has other bytes), nor structs with padding (whose bytes
// there are undefined).
func plainMemory(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	case reflect.Array:
		return plainMemory(t.Elem())
	case reflect.Struct:
		var sum uintptr
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Name == "_" || !plainMemory(f.Type) {
				return false // a blank field is not compared by ==
			}
			sum += f.Type.Size()
		}
		return sum == t.Size()
	}
	return false
}
