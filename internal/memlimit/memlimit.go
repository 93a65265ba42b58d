// Package memlimit says how much memory this process can still take: the least of what the
// machine has available, its address-space limit and its control group's limit (what a Slurm or
// Kubernetes job actually has). It reads /proc and /sys where they exist and knows nothing
// elsewhere.
package memlimit

import (
	"io/fs"
	"os"
	"path"
	"strconv"
	"strings"
)

// Available returns how many bytes of memory this process can still take, as far as the system
// says: the least of the machine's MemAvailable (/proc/meminfo), the room left under its
// address-space limit (RLIMIT_AS, `ulimit -v`, less what is mapped now) and the room left in its
// control group (cgroup v2 memory.max less memory.current, or v1 memory.limit_in_bytes less
// memory.usage_in_bytes, for its group and every group above it): what a Slurm or Kubernetes job
// actually has. It also names the bound that gave the figure. ok is false where none is known.
func Available() (bytes uint64, source string, ok bool) {
	as := addressLimit()
	var mapped uint64
	if as > 0 {
		mapped, _ = Mapped()
	}
	return available(os.DirFS("/"), as, mapped)
}

// Mapped returns the bytes this process has mapped now: its virtual memory size (VmSize in
// /proc/self/status), what counts against its address-space limit (RLIMIT_AS).
func Mapped() (uint64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	for l := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(l, "VmSize:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fs.ErrNotExist
}

// available is Available reading the files of fsys (the root of the file system) and given the
// address-space limit rlimitAS (0: none) and the bytes mapped now.
func available(fsys fs.FS, rlimitAS, mapped uint64) (bytes uint64, source string, ok bool) {
	take := func(b uint64, src string) {
		if !ok || b < bytes {
			bytes, source, ok = b, src, true
		}
	}
	if kb, found := meminfoKB(fsys, "MemAvailable"); found {
		take(kb<<10, "MemAvailable in /proc/meminfo")
	}
	if rlimitAS > 0 {
		take(rlimitAS-min(rlimitAS, mapped), "the address-space limit (ulimit -v)")
	}
	cg, _ := fs.ReadFile(fsys, "proc/self/cgroup")
	for line := range strings.Lines(string(cg)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 {
			continue
		}
		var dir, limit, usage, unlimited string
		switch {
		case f[0] == "0" && f[1] == "": // v2
			dir, limit, usage, unlimited = "sys/fs/cgroup", "memory.max", "memory.current", "max"
		case hasController(f[1], "memory"): // v1
			dir, limit, usage, unlimited = "sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes", ""
		default:
			continue
		}
		// The group and every group above it: a limit set on a parent binds its children too.
		// Inside a container the group's path may not be visible: its root is then the group.
		for p := path.Clean("/" + f[2]); ; p = path.Dir(p) {
			d := path.Join(dir, p)
			if max, found := readUint(fsys, path.Join(d, limit), unlimited); found && max < 1<<60 {
				cur, _ := readUint(fsys, path.Join(d, usage), "")
				take(max-min(max, cur), "the control group's "+limit)
			}
			if p == "/" {
				break
			}
		}
	}
	return bytes, source, ok
}

// hasController reports whether the comma-separated list of cgroup v1 controllers holds c.
func hasController(list, c string) bool {
	for x := range strings.SplitSeq(list, ",") {
		if x == c {
			return true
		}
	}
	return false
}

// readUint reads a file holding one unsigned number; the word unlimited (if not empty) or a
// missing file is not found.
func readUint(fsys fs.FS, name, unlimited string) (uint64, bool) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return 0, false
	}
	s := strings.TrimSpace(string(b))
	if unlimited != "" && s == unlimited {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return v, err == nil
}

// meminfoKB reads one field of /proc/meminfo, in kB.
func meminfoKB(fsys fs.FS, field string) (uint64, bool) {
	b, err := fs.ReadFile(fsys, "proc/meminfo")
	if err != nil {
		return 0, false
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return 0, false
			}
			kb, err := strconv.ParseUint(f[0], 10, 64)
			return kb, err == nil
		}
	}
	return 0, false
}
