package kernels

import (
	"bufio"
	"os"
	"strings"

	"golang.org/x/sys/cpu"
)

// CPUInfo returns the processor's model name, family and model number from /proc/cpuinfo (the
// name alone does not tell apart two generations: "AMD EPYC" is Zen 3 as well as Zen 4), or
// "unknown" where there is none.
func CPUInfo() (name, family, model string) {
	name = "unknown"
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return name, "", ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case k == "model name" && name == "unknown":
			name = v
		case k == "cpu family" && family == "":
			family = v
		case k == "model" && model == "":
			model = v
		case k == "processor" && v != "0":
			return name, family, model // the first processor's lines only
		}
	}
	return name, family, model
}

// Features returns the x86 features the kernels' candidates depend on that this processor has.
func Features() []string {
	var fs []string
	for _, f := range []struct {
		name string
		has  bool
	}{
		{"avx2", cpu.X86.HasAVX2}, {"pclmulqdq", cpu.X86.HasPCLMULQDQ}, {"avx512f", cpu.X86.HasAVX512F},
		{"avx512bw", cpu.X86.HasAVX512BW}, {"avx512vbmi", cpu.X86.HasAVX512VBMI},
		{"avx512vbmi2", cpu.X86.HasAVX512VBMI2}, {"gfni+avx512", cpu.X86.HasAVX512GFNI},
	} {
		if f.has {
			fs = append(fs, f.name)
		}
	}
	return fs
}
