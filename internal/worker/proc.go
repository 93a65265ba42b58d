package worker

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Resident returns the resident set size, in bytes, of process pid, read from /proc/PID/statm.
// It fails where there is no /proc or the process is gone.
func Resident(pid int) (uint64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, fmt.Errorf("worker: /proc/%d/statm: %q", pid, b)
	}
	pages, err := strconv.ParseUint(f[1], 10, 64)
	if err != nil {
		return 0, err
	}
	return pages * uint64(os.Getpagesize()), nil
}

// Children returns the process IDs of the living children of process pid, read from /proc (none
// where there is no /proc).
func Children(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	parent := strconv.Itoa(pid)
	var kids []int
	for _, e := range ents {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name, in parentheses, may hold spaces: the fields after it are
		// "state ppid …".
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == parent {
			kids = append(kids, child)
		}
	}
	return kids
}
