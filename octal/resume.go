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
func replayAll[T, K value](ctx context.Context, e *engine[T], known []K) (cut bool, err error) {
	for i := len(e.g); i < len(known); i++ {
		if err := e.replay(uint32(known[i])); err != nil {
			return false, err
		}
		if i%(1<<20) == 0 && ctx.Err() != nil {
			return true, nil
		}
	}
	return false, nil
}
