package kernels

import (
	"os"
	"strings"
	"testing"
)

// TestCPUInfo: the name is /proc/cpuinfo's first "model name" where the file has one.
func TestCPUInfo(t *testing.T) {
	name, _, _ := CPUInfo()
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		if name != "unknown" {
			t.Fatalf("no /proc/cpuinfo, name %q", name)
		}
		return
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			if name != strings.TrimSpace(v) {
				t.Fatalf("CPUInfo name %q, /proc/cpuinfo says %q", name, strings.TrimSpace(v))
			}
			return
		}
	}
}
