package octal

import "context"

// replay appends v, a value known from a checkpoint, as g(len(e.g)), with the bookkeeping step
// does (the method reconsidered on schedule, the rare list, the tables), so that the engine ends
// in the state a run that computed v would have.
func (e *engine[T]) replay(v uint32) error {
	if n := len(e.g); n >= e.nextEval && e.nextEval > 0 {
		e.reconsider()
	}
	return e.push(v)
}

// replayAll replays the values known (from a checkpoint) that e does not have yet. It stops with
// cut true when ctx is cancelled, and with errWiden when a value does not fit in e's width.
// A windowed engine's window follows (slide) every 2^20 values.
func replayAll[T, K value](ctx context.Context, e *engine[T], known []K) (cut bool, err error) {
	if cut, err = replayPiece(ctx, e, 0, known); cut || err != nil {
		return cut, err
	}
	return false, e.slide()
}

// replayPacked is replayAll for the first n values of a packed checkpoint.
func replayPacked[T value](ctx context.Context, e *engine[T], p *packed, n int) (cut bool, err error) {
	p.chunks(len(e.g), n, func(lo int, v []uint16) bool {
		cut, err = replayPiece(ctx, e, lo, v)
		return !cut && err == nil
	})
	if cut || err != nil {
		return cut, err
	}
	return false, e.slide()
}

// replayPiece replays the values g(lo), g(lo+1), … in piece that e does not have yet.
func replayPiece[T, K value](ctx context.Context, e *engine[T], lo int, piece []K) (cut bool, err error) {
	for i := len(e.g); i < lo+len(piece); i++ {
		if err := e.replay(uint32(piece[i-lo])); err != nil {
			return false, err
		}
		if i%(1<<20) == 0 {
			if ctx.Err() != nil {
				return true, nil
			}
			if err := e.slide(); err != nil {
				return false, err
			}
		}
	}
	return false, nil
}
