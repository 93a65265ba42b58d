package octal

import (
	"context"
	"fmt"
	"math"
	"math/bits"
)

// Cost is the modelled work of computing heaps 0..n of c, in units of about one option examined:
// (k+1)·n for the moves that leave one heap or none (k the last digit), n²/4 for each digit that
// may leave two heaps, n³/36 for each that may leave three; it saturates at math.MaxInt64. It
// depends only on c and n, never on timings or the machine. The sparse method often does much
// better than that, which no estimate made without the run can know.
func (c Code) Cost(n int) int64 {
	var twos, threes uint64
	for i := 0; i <= c.LastDigit(); i++ {
		d := c.Digit(i)
		if d&LeaveTwo != 0 {
			twos++
		}
		if d&LeaveThree != 0 {
			threes++
		}
	}
	u := uint64(max(n, 0))
	cost := satMul(u, uint64(c.LastDigit()+1))
	sq := satMul(u, u)
	cost = satAdd(cost, satMul(twos, satDiv(sq, 4)))
	cost = satAdd(cost, satMul(threes, satDiv(satMul(sq, u), 36)))
	if cost > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(max(cost, 1))
}

// PilotTo is how far EstimateCost computes a code to see whether its period is proved early.
const PilotTo = 256

// EstimateCost estimates the work of computing c up to heap to, in the units of Cost. It depends
// only on c and to. A short pilot run to min(to, PilotTo) heaps finds the codes whose period is
// proved there — most codes, whose cost is then that of the heaps actually computed; the others
// are assumed to run to `to`.
func EstimateCost(ctx context.Context, c Code, to int) (int64, error) {
	if to < 0 {
		return 0, fmt.Errorf("negative heap %d", to)
	}
	var pilot *Result
	if c.Provable() {
		var err error
		if pilot, err = Compute(ctx, c, Options{To: min(to, PilotTo)}); err != nil {
			return 0, err
		}
	}
	return pilotCost(c, pilot, to), nil
}

// pilotCost is Cost to heap to after the pilot run pilot (nil: none): a code whose period the
// pilot proved costs only the heaps it computed.
func pilotCost(c Code, pilot *Result, to int) int64 {
	if pilot != nil && pilot.Proved {
		to = min(to, pilot.ComputedTo)
	}
	return c.Cost(to)
}

func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// satDiv divides, keeping a saturated value saturated.
func satDiv(a, b uint64) uint64 {
	if a == math.MaxUint64 {
		return a
	}
	return a / b
}

func satAdd(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}
