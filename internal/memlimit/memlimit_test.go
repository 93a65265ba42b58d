package memlimit

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
)

// TestAvailable: the memory a process may take is the least of MemAvailable, the room under
// RLIMIT_AS and the room in its control group (v2 memory.max, or v1 memory.limit_in_bytes, on
// its group or a group above it), each less what is already used.
func TestAvailable(t *testing.T) {
	const gib = 1 << 30
	meminfo := &fstest.MapFile{Data: []byte("MemTotal:       65000000 kB\nMemFree:  1 kB\nMemAvailable:   20971520 kB\n")} // 20 GiB
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	for _, c := range []struct {
		name     string
		fs       fstest.MapFS
		as, used uint64
		want     uint64
		source   string
	}{
		{"MemAvailable alone", fstest.MapFS{"proc/meminfo": meminfo}, 0, 0, 20 * gib, "MemAvailable"},
		{"ulimit -v", fstest.MapFS{"proc/meminfo": meminfo}, 8 * gib, 1 * gib, 7 * gib, "ulimit -v"},
		{"cgroup v2", fstest.MapFS{
			"proc/meminfo":                          meminfo,
			"proc/self/cgroup":                      file("0::/job/step\n"),
			"sys/fs/cgroup/job/step/memory.max":     file("max\n"),
			"sys/fs/cgroup/job/step/memory.current": file("1073741824\n"),
			"sys/fs/cgroup/job/memory.max":          file("4294967296\n"),
			"sys/fs/cgroup/job/memory.current":      file("1073741824\n"),
			"sys/fs/cgroup/memory.max":              file("max\n"),
		}, 0, 0, 3 * gib, "memory.max"},
		{"cgroup v2 in a container (its group is the root)", fstest.MapFS{
			"proc/meminfo":             meminfo,
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("2147483648\n"),
		}, 0, 0, 2 * gib, "memory.max"},
		{"cgroup v1", fstest.MapFS{
			"proc/meminfo":     meminfo,
			"proc/self/cgroup": file("5:devices:/\n4:memory:/slurm/uid_1/job_7\n0::/\n"),
			"sys/fs/cgroup/memory/slurm/uid_1/job_7/memory.limit_in_bytes": file("6442450944\n"),
			"sys/fs/cgroup/memory/slurm/uid_1/job_7/memory.usage_in_bytes": file("2147483648\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                   file("9223372036854771712\n"),
		}, 0, 0, 4 * gib, "memory.limit_in_bytes"},
		{"the least wins", fstest.MapFS{
			"proc/meminfo":             meminfo,
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("2147483648\n"),
		}, 1 * gib, 0, 1 * gib, "ulimit -v"},
	} {
		got, source, ok := available(c.fs, c.as, c.used)
		if !ok || got != c.want || !strings.Contains(source, c.source) {
			t.Errorf("%s: %d (%s, %v), want %d (%s)", c.name, got, source, ok, c.want, c.source)
		}
	}
	if _, _, ok := available(fstest.MapFS{}, 0, 0); ok {
		t.Error("nothing known, yet a figure")
	}
	if b, _, ok := Available(); !ok || b == 0 {
		t.Errorf("this machine: %d %v", b, ok)
	}
}

// TestMapped: what the process has mapped (VmSize) is at least what the Go runtime has obtained
// from the system, where /proc/self/status exists.
func TestMapped(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skipf("no /proc/self/status here: %v", err)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if m, err := Mapped(); err != nil || m < ms.Sys {
		t.Errorf("Mapped() = %d, %v; the runtime has %d bytes from the system", m, err, ms.Sys)
	}
}
