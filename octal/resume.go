package octal

// replay appends v, a value known from a checkpoint, as g(len(e.g)), with the bookkeeping step
// does (the method reconsidered on schedule, the rare list, the tables), so that the engine ends
// in the state a run that computed v would have.
func (e *engine[T]) replay(v uint32) error {
	if n := len(e.g); n >= e.nextEval && e.nextEval > 0 {
		e.reconsider()
	}
	return e.push(v)
}
