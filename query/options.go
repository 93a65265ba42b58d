package query

import (
	"time"

	"grundy/octal"
)

// Options are what a call may take besides its request and limits: callbacks, and files and a
// catalogue of the machine the call runs on. Requests stay plain data (they can be logged, sent
// to a worker process and answered there); the command line sets options, the web only Progress
// for its streams. Each answering function says which it reads.
type Options struct {
	// Progress, if set, is called now and then with the work done and the work asked for (heaps,
	// positions): Seq, Octal.
	Progress func(done, total int64)
	// Status, if set, is told now and then how an octal computation stands (Octal).
	Status func(octal.Status)
	// Checkpoint saves an octal computation's values to this file every CheckpointEvery and at
	// the end (Octal).
	Checkpoint      string
	CheckpointEvery time.Duration
	// Resume continues an octal computation from this checkpoint file (Octal).
	Resume string
	// ValuesFile receives an octal computation's values, one "n g(n)" line each (Octal).
	ValuesFile string
	// Store, if set, keeps an octal result (`--save`: package sweep's catalogue) (Octal).
	Store ResultStore
}

// optionsOf returns the options of a call: the first given, or none.
func optionsOf(opts []Options) Options {
	if len(opts) > 0 {
		return opts[0]
	}
	return Options{}
}
