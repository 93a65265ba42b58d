package sweep

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/octal"
)

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"0/4", Shard{0, 4}, ""},
		{"3/4", Shard{3, 4}, ""},
		{"007/10", Shard{7, 10}, ""},
		{"4/4", Shard{}, "below the number of shards"},
		{"5/4", Shard{}, "below the number of shards"},
		{"0/0", Shard{}, "at least 1"},
		{"1/0", Shard{}, "at least 1"},
		{"-1/4", Shard{}, "decimal"},
		{"1/-4", Shard{}, "decimal"},
		{"+1/4", Shard{}, "decimal"},
		{" 1/4", Shard{}, "decimal"},
		{"1/4 ", Shard{}, "decimal"},
		{"1/4/2", Shard{}, "decimal"},
		{"a/b", Shard{}, "decimal"},
		{"", Shard{}, "want I/N"},
		{"3", Shard{}, "want I/N"},
		{"/4", Shard{}, "decimal"},
		{"0x1/4", Shard{}, "decimal"},
		{"0/1048577", Shard{}, "at most"},
		{"99999999999/4", Shard{}, "decimal"},
	} {
		got, err := ParseShard(c.in)
		if c.err == "" {
			if err != nil || got != c.want {
				t.Errorf("ParseShard(%q) = %v, %v; want %v", c.in, got, err, c.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("ParseShard(%q) = %v, %v; want an error saying %q", c.in, got, err, c.err)
		}
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/4", "3/4", "5/4", "0/0", "1/2/3", "-1/2", "９/10", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := ParseShard(spec)
		if err != nil {
			return
		}
		if s.Count < 1 || s.Count > MaxShards || s.Index < 0 || s.Index >= s.Count {
			t.Fatalf("ParseShard(%q) = %+v", spec, s)
		}
		if back, err := ParseShard(s.String()); err != nil || back != s {
			t.Fatalf("ParseShard(%q) = %v does not round-trip: %v, %v", spec, s, back, err)
		}
	})
}

func TestShardFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		env    func(string) string
		shards int
		want   Shard
		ok     bool
		err    string
	}{
		{env(), 0, Shard{}, false, ""},
		{env(), 4, Shard{}, false, ""},
		{env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0"), 0, Shard{2, 4}, true, ""},
		{env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "1"), 0, Shard{3, 4}, true, ""},
		{env("SLURM_ARRAY_TASK_ID", "6", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2"), 0, Shard{3, 4}, true, ""},
		{env("SLURM_ARRAY_TASK_ID", "5", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_STEP", "2"), 0, Shard{}, true, "not on the array's grid"},
		{env("SLURM_ARRAY_TASK_ID", "4", "SLURM_ARRAY_TASK_COUNT", "4"), 0, Shard{}, true, "below the number of shards"},
		{env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 3, Shard{}, true, "--shards 3"},
		{env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "4"), 4, Shard{1, 4}, true, ""},
		{env("SLURM_ARRAY_TASK_ID", "x"), 0, Shard{}, true, "not a count"},
		{env("SLURM_ARRAY_TASK_ID", "1"), 0, Shard{}, true, "at least 1"},
		{env("JOB_COMPLETION_INDEX", "3"), 4, Shard{3, 4}, true, ""},
		{env("JOB_COMPLETION_INDEX", "4"), 4, Shard{}, true, "below the number of shards"},
		{env("JOB_COMPLETION_INDEX", "0"), 0, Shard{}, true, "--shards"},
		{env("JOB_COMPLETION_INDEX", "-1"), 4, Shard{}, true, "not a count"},
	} {
		got, ok, err := ShardFromEnv(c.env, c.shards)
		if ok != c.ok || (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) || (err == nil && got != c.want) {
			t.Errorf("ShardFromEnv(…, %d) = %v, %v, %v; want %v, %v, error %q", c.shards, got, ok, err, c.want, c.ok, c.err)
		}
	}
}

// optimalMakespan is the smallest largest part over every assignment: the slow definition Balance
// is checked against.
func optimalMakespan(costs []int64, n int) int64 {
	best := int64(-1)
	load := make([]int64, n)
	var try func(i int)
	try = func(i int) { // depth ≤ len(costs) ≤ 9
		if i == len(costs) {
			m := slices.Max(load)
			if best < 0 || m < best {
				best = m
			}
			return
		}
		for p := range load {
			load[p] += costs[i]
			try(i + 1)
			load[p] -= costs[i]
		}
	}
	try(0)
	return best
}

func makespan(costs []int64, part []int, n int) int64 {
	load := make([]int64, n)
	for i, p := range part {
		load[p] += costs[i]
	}
	return slices.Max(load)
}

// TestBalanceAgainstOptimum: on random small instances Balance is within Graham's bound of the
// best assignment, and within the average plus the largest item.
func TestBalanceAgainstOptimum(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 1 + r.IntN(4)
		costs := make([]int64, 1+r.IntN(8))
		var sum int64
		for i := range costs {
			costs[i] = 1 + r.Int64N(1000)
			if trial%3 == 0 {
				costs[i] = 1 + r.Int64N(5) // many ties
			}
			sum += costs[i]
		}
		part := Balance(costs, n)
		for _, p := range part {
			if p < 0 || p >= n {
				t.Fatalf("part %d of %d", p, n)
			}
		}
		got, opt := makespan(costs, part, n), optimalMakespan(costs, n)
		if 3*n*int(got) > (4*n-1)*int(opt) {
			t.Fatalf("costs %v in %d parts: Balance's largest part %d, optimum %d (over 4/3 − 1/3n)", costs, n, got, opt)
		}
		if got > sum/int64(n)+slices.Max(costs) {
			t.Fatalf("costs %v in %d parts: largest part %d over average + largest item", costs, n, got)
		}
		if again := Balance(costs, n); !slices.Equal(again, part) {
			t.Fatalf("Balance is not deterministic: %v then %v", part, again)
		}
	}
	if got := Balance(nil, 3); len(got) != 0 {
		t.Fatalf("Balance(nil) = %v", got)
	}
	if got := Balance([]int64{5, 1}, 10); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("Balance with more parts than items = %v", got)
	}
}

// TestPartition: the shards of every two-digit code cover each code exactly once, agree however
// often they are computed, and balance the estimated cost, not the count.
func TestPartition(t *testing.T) {
	ctx := context.Background()
	codes := twoDigitCodes()
	const to, n = 3000, 4
	costs, err := EstimateCosts(ctx, codes, to)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[octal.Code]int{}
	loads := make([]int64, n)
	counts := make([]int, n)
	for i := range n {
		part, err := Partition(ctx, codes, to, Shard{i, n})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Partition(ctx, codes, to, Shard{i, n})
		if !slices.Equal(part, again) {
			t.Fatalf("shard %d: two partitions differ", i)
		}
		for _, c := range part {
			seen[c]++
			loads[i] += costs[slices.Index(codes, c)]
			counts[i]++
		}
	}
	for _, c := range codes {
		if seen[c] != 1 {
			t.Fatalf("%v in %d shards", c, seen[c])
		}
	}
	var sum int64
	for _, c := range costs {
		sum += c
	}
	if slices.Max(loads) > sum/n+slices.Max(costs) {
		t.Fatalf("loads %v: over average + largest item", loads)
	}
	// Cost, not count: a split into equal counts (every n-th code) is worse balanced here.
	rr := make([]int64, n)
	for i, c := range costs {
		rr[i%n] += c
	}
	if slices.Max(loads) >= slices.Max(rr) {
		t.Fatalf("balanced loads %v (counts %v) no better than round robin %v", loads, counts, rr)
	}
	t.Logf("estimated loads %v, counts %v; round robin %v", loads, counts, rr)
	if _, err := Partition(ctx, codes, to, Shard{4, 4}); err == nil {
		t.Fatal("shard 4/4 accepted")
	}
}

// TestEstimateCost: a code proved early is cheap whatever to is; one that is not is costed by its
// method, more for splits than for none, and more the further it goes.
func TestEstimateCost(t *testing.T) {
	ctx := context.Background()
	cost := func(code string, to int) int64 {
		t.Helper()
		c, err := EstimateCost(ctx, octal.MustParse(code), to)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if k1, k2 := cost("0.77", 1000), cost("0.77", 1000000); k1 != k2 || k1 > 1000000 {
		t.Fatalf("Kayles (proved at 167): cost %d to 1000, %d to 10^6", k1, k2)
	}
	// 0.16's period is proved only at heap 509,621: costed as quadratic to `to`.
	if a, b := cost("0.16", 10000), cost("0.16", 100000); b < 90*a {
		t.Fatalf("0.16: cost %d to 10^4, %d to 10^5: not quadratic", a, b)
	}
	if lin, quad := heapsCost(octal.MustParse("0.333"), 10000), heapsCost(octal.MustParse("0.16"), 10000); 100*lin >= quad {
		t.Fatalf("modelled cost without splits %d, with %d", lin, quad)
	}
	if quad, cube := heapsCost(octal.MustParse("0.16"), 10000), heapsCost(octal.MustParse("x0.8"), 10000); 100*quad >= cube {
		t.Fatalf("modelled cost with two-heap splits %d, three-heap %d", quad, cube)
	}
	if huge := heapsCost(octal.MustParse("x0.8"), 1<<40); huge != math.MaxInt64 {
		t.Fatalf("cost does not saturate: %d", huge)
	}
	if _, err := EstimateCost(ctx, octal.MustParse("0.7"), -1); err == nil {
		t.Fatal("negative to accepted")
	}
}

// twoDigitCodes returns the codes 0.d1d2 (the 0.d1 among them once each).
func twoDigitCodes() []octal.Code {
	var out []octal.Code
	seen := map[octal.Code]bool{}
	for d1 := '0'; d1 <= '7'; d1++ {
		for d2 := '0'; d2 <= '7'; d2++ {
			c := octal.MustParse("0." + string(d1) + string(d2))
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

func FuzzShardFromEnv(f *testing.F) {
	f.Add("2", "4", "0", "1", "", 0)
	f.Add("7", "4", "4", "", "", 0)
	f.Add("6", "4", "0", "2", "", 4)
	f.Add("", "", "", "", "3", 4)
	f.Add("", "", "", "", "5", 4)
	f.Add("x", "-1", "", "0", "", 0)
	f.Fuzz(func(t *testing.T, id, count, lo, step, index string, shards int) {
		env := map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_COUNT": count,
			"SLURM_ARRAY_TASK_MIN": lo, "SLURM_ARRAY_TASK_STEP": step, "JOB_COMPLETION_INDEX": index}
		s, ok, err := ShardFromEnv(func(k string) string { return env[k] }, shards)
		if !ok && (err != nil || id != "" || index != "") {
			t.Fatalf("ok false with id %q, index %q, error %v", id, index, err)
		}
		if ok && err == nil && (s.Count < 1 || s.Count > MaxShards || s.Index < 0 || s.Index >= s.Count) {
			t.Fatalf("ShardFromEnv = %+v", s)
		}
	})
}
