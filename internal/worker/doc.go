// Package worker runs a task in a child process that can be killed and capped: the way a server
// takes its budget back from a computation it cannot otherwise stop (a script's builtin filling
// gigabytes, a search that ignores its context).
//
// The parent (a Pool) starts its own executable again with EnvVar set; the program notices that at
// the very start of main (or of TestMain) and calls Main with the function that does the work,
// instead of running normally:
//
//	func main() {
//		if worker.Requested() {
//			os.Exit(worker.Main(handle))
//		}
//		…
//	}
//
// A task is plain bytes (the caller chooses the encoding) and so is its answer. Each child runs one
// task and exits, so no state and no memory carries over from one task to the next; a few children
// are kept started ahead (warm), so a task does not wait for a process to start.
//
// The parent enforces the bounds from outside, where the child cannot escape them: it kills the
// child when the task's context ends (its deadline, or the caller giving up) and when the child's
// resident memory passes Config.MaxRSS, polled every Config.Poll. It returns only once the child
// is gone, so a caller holding a slot for the task frees it only when the work has really stopped.
// The child also limits itself: a soft Go memory limit (runtime/debug.SetMemoryLimit), a cap on
// goroutine stacks, and, unless built with the race detector (whose runtime needs a vast address
// space), an address-space limit (RLIMIT_AS), so that a single huge allocation fails at once
// instead of being noticed by the poll.
package worker
