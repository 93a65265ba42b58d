package clib

import (
	"context"
	"fmt"

	"grundy/nimber"
)

// nimChunk is how many products NimMul computes between two looks at its call's context.
const nimChunk = 1 << 16

// NimMul sets dst[i] to the nim-product of a[i] and b[i] (nimber.MulSlice), a chunk at a time,
// stopping with the context's error when call id (0: none) is cancelled. The three slices must
// have one length.
func (l *Library) NimMul(id uint64, dst, a, b []uint64) error {
	if len(a) != len(b) || len(dst) != len(a) {
		return fmt.Errorf("lengths %d, %d and %d differ", len(a), len(b), len(dst))
	}
	ctx := context.Background()
	if id != 0 {
		c := l.get(id)
		if c == nil {
			return fmt.Errorf("no call %d", id)
		}
		ctx = c.ctx
	}
	for lo := 0; lo < len(a); lo += nimChunk {
		if err := ctx.Err(); err != nil {
			return err
		}
		hi := min(lo+nimChunk, len(a))
		nimber.MulSlice(dst[lo:hi], a[lo:hi], b[lo:hi])
	}
	return nil
}
