package worker

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"grundy/internal/memlimit"
)

// EnvVar is the environment variable that makes a program started by a Pool run as its child.
const EnvVar = "GRUNDY_WORKER"

// envMaxRSS carries Config.MaxRSS to the child, which limits itself accordingly.
const envMaxRSS = "GRUNDY_WORKER_MAX_RSS"

// maxTask caps the size of a task a child reads.
const maxTask = 64 << 20

// Requested reports whether this process was started by a Pool and must call Main.
func Requested() bool { return os.Getenv(EnvVar) == "1" }

// Handler does one task in a child: it returns the answer, or an error that the parent's Run
// reports as an *ExitError. ctx ends at the task's deadline.
type Handler func(ctx context.Context, task []byte) ([]byte, error)

// Main is the whole life of a child: it limits the process's own memory, reads one task from
// stdin, runs h on it and writes the answer on stdout. It returns the exit status for os.Exit:
// 0 after an answer (or when the parent went away before sending a task), 1 when h failed.
func Main(h Handler) int {
	if maxRSS, err := strconv.ParseUint(os.Getenv(envMaxRSS), 10, 64); err == nil && maxRSS > 0 {
		limitSelf(maxRSS)
	}
	in := bufio.NewReader(io.LimitReader(os.Stdin, maxTask))
	line, err := in.ReadString('\n')
	if err != nil {
		return 0 // no task: the pool closed (or its server died) while this child was warm
	}
	timeout, err := strconv.ParseInt(strings.TrimSpace(line), 10, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "worker: bad task header %q\n", line)
		return 1
	}
	task, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker: reading the task:", err)
		return 1
	}
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, time.Duration(timeout))
		defer cancel()
	}
	out, err := h(ctx, task)
	if err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		return 1
	}
	if _, err := os.Stdout.Write(out); err != nil {
		fmt.Fprintln(os.Stderr, "worker: writing the answer:", err)
		return 1
	}
	return 0
}

// limitSelf sets the child's own bounds under maxRSS bytes of resident memory: the garbage
// collector's soft limit, a cap on one goroutine's stack (deeply nested data is formatted by
// recursion), and the address space: what is mapped now plus maxRSS and some room, so that one
// huge allocation fails at once. The race detector's runtime maps terabytes of shadow memory, so
// race builds keep only the first two (the parent's poll still holds them).
func limitSelf(maxRSS uint64) {
	debug.SetMemoryLimit(int64(maxRSS / 8 * 7))
	debug.SetMaxStack(int(min(maxRSS/4, 1<<30)))
	if raceEnabled {
		return
	}
	vm, err := memlimit.Mapped()
	if err != nil {
		return
	}
	as := vm + maxRSS + 256<<20
	syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: as, Max: as})
}
