package sweep

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"
	"strconv"
	"strings"

	"grundy/octal"
	"grundy/query"
)

// MaxShards is the largest number of shards ParseShard and ShardFromEnv accept.
const MaxShards = 1 << 20

// Shard is one part of a sweep split into Count parts: Index runs from 0 to Count−1.
type Shard struct {
	Index, Count int
}

// String returns "I/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads a shard spec "I/N": two decimal numbers with 0 ≤ I < N ≤ MaxShards ("0/4" to
// "3/4" are the four shards of a sweep in four parts). Anything else is an error naming the fault.
func ParseShard(spec string) (Shard, error) {
	is, ns, ok := strings.Cut(spec, "/")
	if !ok {
		return Shard{}, fmt.Errorf("shard %q: want I/N, e.g. 0/4 (shard 0 of 4; I counts from 0)", spec)
	}
	i, err1 := parseCount(is)
	n, err2 := parseCount(ns)
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: want I/N with decimal numbers, e.g. 0/4", spec)
	}
	return newShard(i, n, fmt.Sprintf("shard %q", spec))
}

func newShard(i, n int, what string) (Shard, error) {
	switch {
	case n == 0:
		return Shard{}, fmt.Errorf("%s: the number of shards must be at least 1", what)
	case n > MaxShards:
		return Shard{}, fmt.Errorf("%s: at most %d shards", what, MaxShards)
	case i >= n:
		return Shard{}, fmt.Errorf("%s: the index must be below the number of shards (I counts from 0: 0/%d … %d/%d)", what, n, n-1, n)
	}
	return Shard{Index: i, Count: n}, nil
}

// parseCount reads a non-negative decimal number of at most 9 digits (digits only: no sign, no
// spaces).
func parseCount(s string) (int, error) {
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, errors.New("not a count")
	}
	return strconv.Atoi(s)
}

// ShardFromEnv finds this process's shard from the variables schedulers set, read through getenv
// (os.Getenv): a Slurm job array's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (the index
// taken relative to SLURM_ARRAY_TASK_MIN, in steps of SLURM_ARRAY_TASK_STEP, so --array=1-8 and
// --array=0-14:2 work too), or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX with shards (its
// completions, which the pod does not see; 0 when not given). ok is false when neither is set.
func ShardFromEnv(getenv func(string) string, shards int) (s Shard, ok bool, err error) {
	if id := getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		num := func(name string, def int) (int, error) {
			v := getenv(name)
			if v == "" {
				return def, nil
			}
			n, err := parseCount(v)
			if err != nil {
				return 0, fmt.Errorf("%s=%q is not a count", name, v)
			}
			return n, nil
		}
		task, err := num("SLURM_ARRAY_TASK_ID", 0)
		if err != nil {
			return Shard{}, true, err
		}
		count, err := num("SLURM_ARRAY_TASK_COUNT", shards)
		if err != nil {
			return Shard{}, true, err
		}
		lo, err := num("SLURM_ARRAY_TASK_MIN", 0)
		if err != nil {
			return Shard{}, true, err
		}
		step, err := num("SLURM_ARRAY_TASK_STEP", 1)
		if err != nil {
			return Shard{}, true, err
		}
		if step == 0 || task < lo || (task-lo)%step != 0 {
			return Shard{}, true, fmt.Errorf("SLURM_ARRAY_TASK_ID=%d is not on the array's grid (min %d, step %d)", task, lo, step)
		}
		if shards != 0 && count != shards {
			return Shard{}, true, fmt.Errorf("SLURM_ARRAY_TASK_COUNT=%d but --shards %d", count, shards)
		}
		s, err := newShard((task-lo)/step, count, "Slurm array task")
		return s, true, err
	}
	if idx := getenv("JOB_COMPLETION_INDEX"); idx != "" {
		i, err := parseCount(idx)
		if err != nil {
			return Shard{}, true, fmt.Errorf("JOB_COMPLETION_INDEX=%q is not a count", idx)
		}
		if shards == 0 {
			return Shard{}, true, errors.New("JOB_COMPLETION_INDEX is set: give the number of shards (the Job's completions) with --shards")
		}
		s, err := newShard(i, shards, "Indexed Job")
		return s, true, err
	}
	return Shard{}, false, nil
}

// EstimateCost estimates the work of computing c up to heap to, in units of about one option
// examined: octal.EstimateCost (a pilot run to octal.PilotTo heaps, then the model of
// octal.Code.Cost). It depends only on c and to (never on timings, the machine or its cores), so
// every shard of a sweep computes the same estimates and the same partition.
func EstimateCost(ctx context.Context, c octal.Code, to int) (int64, error) {
	return octal.EstimateCost(ctx, c, to)
}

// heapsCost is the modelled cost of heaps 0..n (octal.Code.Cost).
func heapsCost(c octal.Code, n int) int64 { return c.Cost(n) }

func satAdd(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

// Balance assigns items of the given costs to n parts so that the parts' total costs are close:
// it returns the part of each item. It is the longest-processing-time rule — the costliest item
// first, each to the part with the least cost so far — whose largest part is at most 4/3 of the
// best possible (Graham, 1969), and never more than the average plus the largest item. Ties go to
// the lower index, so the result depends on nothing but its arguments. n must be at least 1.
func Balance(costs []int64, n int) []int {
	order := make([]int, len(costs))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return costs[order[a]] > costs[order[b]] })
	part := make([]int, len(costs))
	parts := make(loads, min(n, len(costs))) // parts beyond the number of items stay empty
	for p := range parts {
		parts[p].index = p
	}
	for _, i := range order { // parts[0] is the least loaded part (the lowest index among equals)
		part[i] = parts[0].index
		parts[0].load = satAdd(parts[0].load, uint64(max(costs[i], 0)))
		heap.Fix(&parts, 0)
	}
	return part
}

// loads is a min-heap of parts by (load, index).
type loads []struct {
	load  uint64
	index int
}

func (h loads) Len() int { return len(h) }
func (h loads) Less(a, b int) bool {
	return h[a].load < h[b].load || h[a].load == h[b].load && h[a].index < h[b].index
}
func (h loads) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *loads) Push(any)     { panic("loads: fixed size") }
func (h *loads) Pop() any     { panic("loads: fixed size") }

// Partition splits codes, each to be computed to heap to, into shards of about equal estimated
// cost (EstimateCost, Balance): it returns the codes of shard s, in their given order. Every
// shard of a sweep, given the same codes and to, computes the same partition, so the shards
// together compute each code exactly once.
func Partition(ctx context.Context, codes []octal.Code, to int, s Shard) ([]octal.Code, error) {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return nil, fmt.Errorf("invalid shard %v", s)
	}
	costs, err := EstimateCosts(ctx, codes, to)
	if err != nil {
		return nil, err
	}
	var out []octal.Code
	for i, p := range Balance(costs, s.Count) {
		if p == s.Index {
			out = append(out, codes[i])
		}
	}
	return out, nil
}

// EstimateCosts returns EstimateCost of every code, computed on all cores.
func EstimateCosts(ctx context.Context, codes []octal.Code, to int) ([]int64, error) {
	costs := make([]int64, len(codes))
	errs := make([]error, len(codes))
	eachCode(ctx, len(codes), func(i int) { costs[i], errs[i] = EstimateCost(ctx, codes[i], to) })
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("estimating the cost of %v: %w", codes[i], err)
		}
	}
	return costs, nil
}

// ShardSpec returns the shard spec "I/N" of a scan: spec (the --shard flag) when given, else what
// the scheduler's environment says, read through getenv (a Slurm array task, or a Kubernetes
// Indexed Job's index with shards), else "" (every code). shards (--shards, 0 when not given)
// must agree with the count found. Every error is bad input.
func ShardSpec(spec string, shards int, getenv func(string) string) (string, error) {
	if shards < 0 {
		return "", query.Badf("--shards must be at least 1")
	}
	if spec != "" {
		s, err := ParseShard(spec)
		if err != nil {
			return "", query.Badf("--shard: %v", err)
		}
		if shards != 0 && shards != s.Count {
			return "", query.Badf("--shard %s but --shards %d", spec, shards)
		}
		return spec, nil
	}
	s, ok, err := ShardFromEnv(getenv, shards)
	switch {
	case err != nil:
		return "", query.Badf("%v", err)
	case ok:
		return s.String(), nil
	case shards != 0:
		return "", query.Badf("--shards %d without a shard index: give --shard I/%d, or run as a Slurm array task or a Kubernetes Indexed Job", shards, shards)
	}
	return "", nil
}
