package kernels

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// sum is a small honest workload: the sum of the first n squares, as a digest.
func sum(n int) uint64 {
	s := uint64(0)
	for i := uint64(0); i < uint64(n); i++ {
		s += i * i
	}
	return s
}

func fast(check bool) uint64 { return sum(2000) }

func sleepy(d time.Duration) func(bool) uint64 {
	return func(check bool) uint64 {
		time.Sleep(d)
		return sum(2000)
	}
}

// TestSlowCandidateNotPicked: a candidate that sleeps (and so is slower than the reference however
// loaded the machine) is never picked, whatever its position among the candidates.
func TestSlowCandidateNotPicked(t *testing.T) {
	for _, tc := range []struct {
		cands []Candidate
		want  string
	}{
		{[]Candidate{{Name: "go", Trial: fast}, {Name: "slow", Trial: sleepy(200 * time.Microsecond)}}, "go"},
		{[]Candidate{{Name: "go", Trial: sleepy(200 * time.Microsecond)}, {Name: "fast", Trial: fast}}, "fast"},
	} {
		if c := Measure("op", "unit", 2000, tc.cands, ""); c.Pick != tc.want || c.Forced {
			t.Fatalf("picked %q, want %q: %+v", c.Pick, tc.want, c)
		}
	}
}

// TestWrongCandidateNotPicked: a candidate whose output differs from the reference's is never
// picked, not even when forced (the warning says why), however fast it is.
func TestWrongCandidateNotPicked(t *testing.T) {
	cands := []Candidate{
		{Name: "go", Trial: sleepy(50 * time.Microsecond)},
		{Name: "broken", Trial: func(bool) uint64 { return 1 }},
	}
	for _, spec := range []string{"", "op=broken"} {
		c := Measure("op", "unit", 1, cands, spec)
		if c.Pick != "go" || !c.Results[1].Wrong {
			t.Fatalf("spec %q: picked %q, results %+v", spec, c.Pick, c.Results)
		}
		if spec != "" && !strings.Contains(c.Warning, "wrong output") {
			t.Fatalf("spec %q: warning %q", spec, c.Warning)
		}
	}
}

// TestForced: GRUNDY_KERNELS's syntax forces a correct candidate even when it is slower; an unknown
// or missing one falls back to the measured pick with a warning; other operations' entries are
// ignored.
func TestForced(t *testing.T) {
	cands := []Candidate{
		{Name: "go", Trial: fast},
		{Name: "slow", Trial: sleepy(100 * time.Microsecond)},
		{Name: "absent", Missing: "needs AVX-1024"},
	}
	c := Measure("op", "unit", 1, cands, "other=x, op = slow")
	if c.Pick != "slow" || !c.Forced || c.Warning != "" {
		t.Fatalf("forced slow: %+v", c)
	}
	c = Measure("op", "unit", 1, cands, "op=nope")
	if c.Pick != "go" || c.Forced || !strings.Contains(c.Warning, "no such candidate") {
		t.Fatalf("unknown name: %+v", c)
	}
	c = Measure("op", "unit", 1, cands, "op=absent")
	if c.Pick != "go" || c.Forced || !strings.Contains(c.Warning, "AVX-1024") {
		t.Fatalf("missing candidate: %+v", c)
	}
	if c.Results[2].NsUnit != 0 {
		t.Fatalf("a missing candidate was timed: %+v", c.Results[2])
	}
	c = Measure("op", "unit", 1, cands, "other=slow")
	if c.Pick != "go" || c.Forced || c.Warning != "" {
		t.Fatalf("another op's entry: %+v", c)
	}
}

// TestCalibratesOnce: an Op calibrates on first use only, however many goroutines ask, and its
// trials run only then.
func TestCalibratesOnce(t *testing.T) {
	trials := 0
	op := New("op", "unit", func() (int, []Candidate) {
		count := func(bool) uint64 { trials++; return sum(100) }
		return 100, []Candidate{{Name: "go", Trial: count}, {Name: "copy", Trial: count}}
	})
	if op.Calibrations() != 0 || trials != 0 {
		t.Fatal("calibrated before first use")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 1000 {
				op.Pick()
			}
		}()
	}
	wg.Wait()
	after := trials
	for range 1000 {
		op.Pick()
		op.Choice()
	}
	if op.Calibrations() != 1 || trials != after {
		t.Fatalf("%d calibrations, %d trials then %d", op.Calibrations(), after, trials)
	}
	// One checked trial a candidate, then at most MaxRounds rounds of an untimed and a timed one.
	if c := op.Choice(); after > 2*(1+2*MaxRounds) || c.Rounds < 1 || c.Rounds > MaxRounds {
		t.Fatalf("%d trials in %d rounds", after, c.Rounds)
	}
}

// TestBudget: calibration stops timing once its budget is spent and MinRounds have run, and after
// MaxCost in any case, so a candidate that takes long cannot stretch it past about MaxCost plus one
// round.
func TestBudget(t *testing.T) {
	for _, tc := range []struct {
		sleep     time.Duration
		maxRounds int
	}{
		{Budget / 2, MinRounds}, // past Budget in round 1, so it stops at MinRounds
		{MaxCost, 1},            // the checked trial alone passes MaxCost: one timed round
	} {
		cands := []Candidate{{Name: "go", Trial: fast}, {Name: "slow", Trial: sleepy(tc.sleep)}}
		c := Measure("op", "unit", 1, cands, "")
		if c.Rounds > tc.maxRounds || c.Rounds < 1 {
			t.Fatalf("%d rounds with a candidate taking %v", c.Rounds, tc.sleep)
		}
		if c.Pick != "go" {
			t.Fatalf("picked %q", c.Pick)
		}
	}
}

// TestParseSpec: the strict parser for tools (grundy doctor) rejects malformed entries and unknown
// operations.
func TestParseSpec(t *testing.T) {
	ops := []string{"mark", "targets"}
	if m, err := ParseSpec(" mark=go , targets=avx2", ops); err != nil || m["mark"] != "go" || m["targets"] != "avx2" {
		t.Fatalf("%v %v", m, err)
	}
	if m, err := ParseSpec("", ops); err != nil || len(m) != 0 {
		t.Fatalf("%v %v", m, err)
	}
	for _, bad := range []string{"mark", "mark=", "=go", "marks=go", "mark=go,,targets=go"} {
		if _, err := ParseSpec(bad, ops); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// BenchmarkMeasure is the cost of one calibration of two candidates of a few microseconds each.
func BenchmarkMeasure(b *testing.B) {
	cands := []Candidate{{Name: "go", Trial: fast}, {Name: "copy", Trial: fast}}
	for b.Loop() {
		Measure("op", "unit", 2000, cands, "")
	}
}

// TestSlowedPicks: with the second candidate as fast as the first (the same work), slowing it
// makes every calibration pick the first, by a factor; the caller's candidates are left as they
// were (a trial of the second runs its own work once).
func TestSlowedPicks(t *testing.T) {
	calls := 0
	work := func(bool) uint64 {
		calls++
		s := uint64(0)
		for i := range uint64(20000) {
			s += i * i
		}
		return s
	}
	cands := []Candidate{{Name: "go", Trial: work}, {Name: "fast", Trial: work}}
	picks, choices := SlowedPicks("op", "unit", 20000, cands, 3)
	if picks != 3 || len(choices) != 3 {
		t.Fatalf("picks %d of 3: %+v", picks, choices)
	}
	for _, c := range choices {
		if r := c.Results; r[1].NsUnit < 2*r[0].NsUnit {
			t.Fatalf("the slowed candidate took %.2f ns a unit, the portable one %.2f", r[1].NsUnit, r[0].NsUnit)
		}
	}
	calls = 0
	cands[1].Trial(false)
	if calls != 1 {
		t.Fatalf("a trial of the caller's candidate ran the work %d times", calls)
	}
}
