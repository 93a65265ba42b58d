// Package kernels chooses among the implementations of an operation by measurement.
//
// An operation with more than one implementation (a portable one and vector kernels for some
// processors) is an Op. The first time a process needs it, the Op times every candidate the
// processor can run on a small synthetic workload, checks each one's output against the first
// candidate (the portable code, the reference), and picks the fastest correct one. The choice is
// made once per process and cached in the Op; later calls cost one atomic load.
//
// A kernel picked by CPU flags is a guess about a microarchitecture the code has never seen: a
// vector kernel that is 4× faster than the portable code on one processor can be 8× slower on
// another. Measuring on the machine itself replaces the guess.
//
// The environment variable GRUNDY_KERNELS forces choices, for tests and benchmarks:
//
//	GRUNDY_KERNELS=mark=go,targets=avx2
//
// A forced name the operation does not know, that the processor cannot run, or whose output is
// wrong on the workload is not used: the Op falls back to its measured pick and says why in the
// Choice's Warning (grundy doctor prints it). A library cannot return an error from a kernel's
// call site, and a wrong forced name must never give a wrong answer or stop a long run, so the
// fallback is by design; ParseSpec reports a malformed variable as an error for tools that check.
package kernels

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// EnvVar is the environment variable that forces choices: comma-separated op=candidate pairs.
const EnvVar = "GRUNDY_KERNELS"

// Budget is the time an Op's calibration aims to spend timing its candidates: it stops after the
// first round that ends past Budget once it has run MinRounds rounds (the best of three rounds
// at least, so that one trial slowed by an interrupt or by the process being descheduled does not
// decide), and in any case after the first round that ends past MaxCost (a candidate that is very
// slow, or a machine so busy that the process waits for a core). The candidates' workloads are a few
// microseconds, so a round is short: on an idle machine a calibration costs a few tenths of a
// millisecond (grundy doctor prints it), and a process needs few operations (octal two, the
// nim-product one or two).
const (
	Budget    = 1 * time.Millisecond
	MaxCost   = 8 * time.Millisecond
	MinRounds = 3
	MaxRounds = 16 // the most timed rounds (each candidate once a round, in turn)
)

// Candidate is one implementation of an operation.
type Candidate struct {
	Name    string // short and lower case: "go", "avx2", …
	Missing string // why this processor cannot run it ("" when it can)
	// Trial runs the candidate once on the operation's workload. With check it returns a digest
	// of its output, which must equal the reference's for the candidate to be picked; without, the
	// digest may be 0 (the timed trials need not pay for it).
	Trial func(check bool) uint64
}

// Result is one candidate's measurement.
type Result struct {
	Name    string  `json:"name"`
	Missing string  `json:"missing,omitempty"` // not run: why
	Wrong   bool    `json:"wrong,omitempty"`   // its output differed from the reference's
	NsUnit  float64 `json:"ns_per_unit"`       // the fastest trial, in nanoseconds per unit of work
}

// Choice is the outcome of an operation's calibration.
type Choice struct {
	Op      string        `json:"op"`
	Unit    string        `json:"unit"` // what one unit of work is ("split", "product")
	Pick    string        `json:"pick"`
	Index   int           `json:"-"`                // index of the pick among the candidates
	Forced  bool          `json:"forced,omitempty"` // picked by GRUNDY_KERNELS
	Warning string        `json:"warning,omitempty"`
	Results []Result      `json:"candidates"`
	Rounds  int           `json:"rounds"` // timed rounds run
	Cost    time.Duration `json:"cost_ns"`
}

// Op is an operation with several implementations. Create it with New (package-level variables
// are fine: nothing is measured until the first Pick).
type Op struct {
	name, unit string
	build      func() (work int, cands []Candidate)
	once       sync.Once
	choice     Choice
	runs       atomic.Int32
}

// New returns the operation name whose candidates build makes: build is called once, when the
// operation is first needed, and returns the candidates (the first is the portable reference, which
// every processor runs) and the units of work of one trial.
func New(name, unit string, build func() (work int, cands []Candidate)) *Op {
	return &Op{name: name, unit: unit, build: build}
}

// Name returns the operation's name.
func (o *Op) Name() string { return o.name }

// Pick returns the index of the chosen candidate, calibrating on the first call.
func (o *Op) Pick() int {
	o.once.Do(o.calibrate)
	return o.choice.Index
}

// Choice returns the calibration's outcome, calibrating on the first call.
func (o *Op) Choice() Choice {
	o.once.Do(o.calibrate)
	c := o.choice
	c.Results = append([]Result(nil), c.Results...)
	return c
}

// Calibrations returns how many times the operation has been calibrated for Pick (0 or 1).
func (o *Op) Calibrations() int { return int(o.runs.Load()) }

func (o *Op) calibrate() {
	o.runs.Add(1)
	work, cands := o.build()
	o.choice = Measure(o.name, o.unit, work, cands, os.Getenv(EnvVar))
}

// Measure calibrates an operation now, without caching: it verifies and times cands (the first is
// the reference) on work units a trial, honouring spec (GRUNDY_KERNELS's syntax) for the operation
// op. Tests use it to try candidate sets and specs; Op.Pick uses it once.
func Measure(op, unit string, work int, cands []Candidate, spec string) Choice {
	start := time.Now()
	c := Choice{Op: op, Unit: unit, Results: make([]Result, len(cands))}
	ok := make([]bool, len(cands))
	var ref uint64
	for i, k := range cands {
		c.Results[i] = Result{Name: k.Name, Missing: k.Missing}
		if k.Missing != "" {
			continue
		}
		d := k.Trial(true) // also warms caches and branch predictors
		if i == 0 {
			ref = d
		}
		c.Results[i].Wrong = d != ref
		ok[i] = d == ref
	}
	// The timings stay on one thread (the scheduler does not move the goroutine between them),
	// and each timed trial directly follows an untimed one: a trial of a few microseconds that
	// starts on a core whose wide vector units are idle and powered down runs at a fraction of
	// its speed. On a 16-core Intel Xeon, unpinned calibrations timed the AVX-512 target kernel
	// at twice its cost in 5 of 9 runs and so picked AVX2; pinned to one core, never.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := make([]time.Duration, len(cands))
	for r := 0; r < MaxRounds; r++ {
		for i, k := range cands {
			if !ok[i] {
				continue
			}
			k.Trial(false)
			t0 := time.Now()
			k.Trial(false)
			if d := time.Since(t0); r == 0 || d < best[i] {
				best[i] = d
			}
		}
		c.Rounds++
		if el := time.Since(start); el > MaxCost || el > Budget && c.Rounds >= MinRounds {
			break
		}
	}
	c.Index = -1
	for i := range cands {
		if !ok[i] {
			continue
		}
		c.Results[i].NsUnit = float64(best[i].Nanoseconds()) / float64(max(work, 1))
		if c.Index < 0 || best[i] < best[c.Index] {
			c.Index = i
		}
	}
	if c.Index < 0 { // the reference itself failed to run: it is still the only sound choice
		c.Index = 0
	}
	if want, found := specFor(spec, op); found {
		i := indexOf(cands, want)
		switch {
		case i < 0:
			c.Warning = fmt.Sprintf("%s=%s: no such candidate (have %s); using the measured pick", op, want, names(cands))
		case cands[i].Missing != "":
			c.Warning = fmt.Sprintf("%s=%s: %s; using the measured pick", op, want, cands[i].Missing)
		case !ok[i]:
			c.Warning = fmt.Sprintf("%s=%s: wrong output on the calibration workload; using the measured pick", op, want)
		default:
			c.Index, c.Forced = i, true
		}
	}
	c.Pick = cands[c.Index].Name
	c.Cost = time.Since(start)
	return c
}

// specFor returns the candidate spec forces for op (the last one, if it names op twice).
func specFor(spec, op string) (string, bool) {
	want, found := "", false
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && strings.TrimSpace(k) == op {
			want, found = strings.TrimSpace(v), true
		}
	}
	return want, found
}

// ParseSpec parses GRUNDY_KERNELS's syntax, op=candidate pairs separated by commas, into a map;
// it returns an error for a malformed entry or an operation not among ops. (Op.Pick never fails: it
// ignores what it cannot use; see the package comment.)
func ParseSpec(spec string, ops []string) (map[string]string, error) {
	m := map[string]string{}
	if strings.TrimSpace(spec) == "" {
		return m, nil
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("%s: %q is not op=candidate", EnvVar, kv)
		}
		known := false
		for _, o := range ops {
			known = known || o == k
		}
		if !known {
			return nil, fmt.Errorf("%s: no operation %q (have %s)", EnvVar, k, strings.Join(ops, ", "))
		}
		m[k] = v
	}
	return m, nil
}

func indexOf(cands []Candidate, name string) int {
	for i, k := range cands {
		if k.Name == name {
			return i
		}
	}
	return -1
}

func names(cands []Candidate) string {
	s := make([]string, len(cands))
	for i, k := range cands {
		s[i] = k.Name
	}
	return strings.Join(s, ", ")
}

// MissingUnless returns "" when ok and why otherwise: the Missing of a Candidate that needs what
// ok tests ("no AVX2").
func MissingUnless(ok bool, why string) string {
	if ok {
		return ""
	}
	return why
}
