package misere

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Quotient is the misère quotient of a heap game restricted to heaps 0..MaxHeap(): the finite
// commutative monoid of the sums of such heaps up to misère indistinguishability, with its
// P-portion. Elements are numbered 0..Order()−1; element 0 is the identity (the empty sum), and
// elements are numbered in the multiset order of their smallest representative sums (fewer copies
// of the largest heap first), so an element's options in a sum always have smaller numbers.
//
// A Quotient is built by New and grown one heap at a time by Extend (or by Compute). Its methods
// other than Extend may be called concurrently.
type Quotient struct {
	game  Game
	n     int       // the largest heap included
	words [][]int32 // words[e]: the smallest sum in class e, heap sizes in decreasing order
	isP   []bool    // the P-portion
	phi   []int32   // phi[h]: the class of heap h, h = 0..n
	act   [][]int32 // act[h][e] = e·phi[h] (act[0] is nil: heap 0 is the identity)
	gens  []int     // the heaps that are generators, increasing
	// opts[h]: the distinct options of heap h, each a list of positive heap sizes, largest
	// first.
	opts  [][][]int32
	sizes []int // sizes[h]: the order of the quotient of heaps 0..h
	// peak: the largest order of a trial checked on the way to q (the size limit it needed).
	peak int
	// wit[e]: option sets of sums in class e (witnesses for the conservative test of next.go);
	// nil when not known.
	wit [][]tset
}

// New returns the quotient of heaps 0..0: the trivial monoid, whose one element (the empty sum)
// is an N-position in misère play.
func New(g Game) *Quotient {
	return &Quotient{
		game:  g,
		words: [][]int32{nil},
		isP:   []bool{false},
		phi:   []int32{0},
		act:   [][]int32{nil},
		opts:  [][][]int32{nil},
		sizes: []int{1},
		wit:   [][]tset{nil},
	}
}

// Game returns the game the quotient is of.
func (q *Quotient) Game() Game { return q.game }

// MaxHeap returns the largest heap size included.
func (q *Quotient) MaxHeap() int { return q.n }

// Order returns |Q|, the number of elements.
func (q *Quotient) Order() int { return len(q.words) }

// POrder returns |P|, the number of elements in the P-portion.
func (q *Quotient) POrder() int {
	k := 0
	for _, p := range q.isP {
		if p {
			k++
		}
	}
	return k
}

// PPortion returns the elements of the P-portion (misère P-positions), increasing.
func (q *Quotient) PPortion() []int {
	var ps []int
	for e, p := range q.isP {
		if p {
			ps = append(ps, e)
		}
	}
	return ps
}

// IsP reports whether element e is in the P-portion: every sum in its class is a misère
// P-position (the player to move loses).
func (q *Quotient) IsP(e int) bool { return q.isP[e] }

// Pretending returns the pretending function: element i of the result is the class of a single
// heap of size i, for i = 0..MaxHeap().
func (q *Quotient) Pretending() []int {
	r := make([]int, len(q.phi))
	for i, e := range q.phi {
		r[i] = int(e)
	}
	return r
}

// Generators returns the heap sizes that generate the quotient, increasing: the heaps whose class
// is not a product of the classes of smaller heaps.
func (q *Quotient) Generators() []int { return slices.Clone(q.gens) }

// Sizes returns the orders of the quotients of heaps 0..h for h = 0..MaxHeap().
func (q *Quotient) Sizes() []int { return slices.Clone(q.sizes) }

// Word returns the smallest sum of heaps in class e, heap sizes in decreasing order. It uses
// generator heaps only.
func (q *Quotient) Word(e int) []int {
	w := make([]int, len(q.words[e]))
	for i, h := range q.words[e] {
		w[i] = int(h)
	}
	return w
}

// Heap returns the class of a single heap of size h; it panics unless 0 ≤ h ≤ MaxHeap().
func (q *Quotient) Heap(h int) int { return int(q.phi[h]) }

// Mul returns the product of elements a and b (the class of the sum of their games).
func (q *Quotient) Mul(a, b int) int {
	e := int32(a)
	for _, h := range q.words[b] {
		e = q.act[h][e]
	}
	return int(e)
}

// Pow returns a to the power k (k copies of a's games), by repeated squaring.
func (q *Quotient) Pow(a int, k uint64) int {
	r := 0
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r = q.Mul(r, a)
		}
		a = q.Mul(a, a)
	}
	return r
}

// Table returns the multiplication table: Table()[a][b] = Mul(a, b). It takes Order()² cells.
func (q *Quotient) Table() [][]int {
	n := q.Order()
	t := make([][]int, n)
	for a := range t {
		t[a] = make([]int, n)
		for b := range t[a] {
			t[a][b] = q.Mul(a, b)
		}
	}
	return t
}

// Element returns the class of a sum of heaps. An error names a heap above MaxHeap() or below 0.
func (q *Quotient) Element(heaps []int) (int, error) {
	e := int32(0)
	for _, h := range heaps {
		if h < 0 || h > q.n {
			return 0, fmt.Errorf("misere: heap %d is outside the quotient's heaps 0..%d", h, q.n)
		}
		if h > 0 {
			e = q.act[h][e]
		}
	}
	return int(e), nil
}

// ElementCounts returns the class of the sum with counts[h] heaps of size h, in time linear in
// len(counts) times a logarithm of the counts.
func (q *Quotient) ElementCounts(counts []uint64) (int, error) {
	if len(counts) > q.n+1 {
		for h := q.n + 1; h < len(counts); h++ {
			if counts[h] > 0 {
				return 0, fmt.Errorf("misere: heap %d is outside the quotient's heaps 0..%d", h, q.n)
			}
		}
	}
	e := 0
	for h, c := range counts {
		if h > 0 && c > 0 && h <= q.n {
			e = q.Mul(e, q.Pow(int(q.phi[h]), c))
		}
	}
	return e, nil
}

// Outcome returns the misère outcome of a sum of heaps: true for a P-position (the player to move
// loses), false for an N-position.
func (q *Quotient) Outcome(heaps []int) (bool, error) {
	e, err := q.Element(heaps)
	if err != nil {
		return false, err
	}
	return q.isP[e], nil
}

// HeapOptions returns the distinct classes of the options of a heap of size h (0 < h ≤ MaxHeap()),
// each with one option (the heap sizes it leaves) that has it.
func (q *Quotient) HeapOptions(h int) (classes []int, reps [][]int) {
	seen := map[int32]bool{}
	for _, o := range q.opts[h] {
		e := q.fold(0, o)
		if seen[e] {
			continue
		}
		seen[e] = true
		classes = append(classes, int(e))
		r := make([]int, len(o))
		for i, x := range o {
			r[i] = int(x)
		}
		reps = append(reps, r)
	}
	return classes, reps
}

// Options of Compute.
type Options struct {
	// MaxHeap is the largest heap size to include (required, ≥ 0).
	MaxHeap int
	// MaxSize stops the computation with a *SizeError when the quotient would grow past it;
	// 0 means DefaultMaxSize.
	MaxSize int
	// Stable, when positive, stops the computation early once that many heaps in a row have
	// added no element (each is equivalent to a sum of smaller heaps). This is an observation,
	// not a proof that larger heaps add nothing.
	Stable int
	// Prove, when the game is one that the periodicity theorem applies to (see Provable), stops
	// the computation at the first heap where the theorem's check passes: the quotient is then
	// the quotient of the whole game (see Prove). MaxHeap still bounds the heaps.
	Prove bool
}

// DefaultMaxSize is the size limit Compute uses when Options.MaxSize is 0.
const DefaultMaxSize = 1 << 14

// Stop reasons reported by Compute.
const (
	StopMaxHeap = "max-heap" // every heap up to Options.MaxHeap was included
	StopStable  = "stable"   // Options.Stable heaps in a row added nothing
	StopProved  = "proved"   // the periodicity theorem's check passed (Options.Prove)
)

// SizeError reports a quotient that grew past Options.MaxSize (or whose trials did not settle in
// a bounded number of recalibrations, see Rounds). Quotient is the last one within the limit
// (heaps 0..Quotient.MaxHeap()); Heap is the heap that would have made it too big.
type SizeError struct {
	Max      int
	Heap     int
	Size     int // the order the quotient would have had with Heap (0 if not known)
	Quotient *Quotient
	// Rounds, when not 0, says that the limit met was the number of recalibrations of trials
	// for Heap (each trial within Max), not the size.
	Rounds int
	// Run, when not nil, names the heaps of a run of failures (see next.go) whose trials passed
	// Max while the run went on: the failures had ever more copies of these heaps.
	Run []int
}

// Limit names the limit, "max_size", and its value.
func (e *SizeError) Limit() (name string, max any) { return "max_size", e.Max }

func (e *SizeError) Error() string {
	if e.Rounds > 0 {
		return fmt.Sprintf("misere: at heap %d the quotient was not settled in %d recalibrations (its trials stayed within the size limit %d); through heap %d it has %d elements",
			e.Heap, e.Rounds, e.Max, e.Quotient.MaxHeap(), e.Quotient.Order())
	}
	if e.Run != nil {
		hs := make([]string, len(e.Run))
		for i, h := range e.Run {
			hs[i] = strconv.Itoa(h)
		}
		heaps := "heap " + hs[0]
		if len(hs) > 1 {
			heaps = "heaps " + strings.Join(hs[:len(hs)-1], ", ") + " and " + hs[len(hs)-1]
		}
		return fmt.Sprintf("misere: the quotient grows past the size limit %d at heap %d (its trials passed it while the failures kept adding copies of %s); through heap %d it has %d elements",
			e.Max, e.Heap, heaps, e.Quotient.MaxHeap(), e.Quotient.Order())
	}
	if e.Size > 0 {
		return fmt.Sprintf("misere: the quotient grows past the size limit %d at heap %d (%d elements); through heap %d it has %d elements",
			e.Max, e.Heap, e.Size, e.Quotient.MaxHeap(), e.Quotient.Order())
	}
	return fmt.Sprintf("misere: the quotient grows past the size limit %d at heap %d; through heap %d it has %d elements",
		e.Max, e.Heap, e.Quotient.MaxHeap(), e.Quotient.Order())
}

// Compute returns the misère quotient of g restricted to heaps 0..opt.MaxHeap, built heap by heap,
// and the reason it stopped (StopMaxHeap, StopStable or StopProved). A cancelled context returns its error;
// a quotient past opt.MaxSize returns a *SizeError holding the last quotient within the limit.
func Compute(ctx context.Context, g Game, opt Options) (*Quotient, string, error) {
	if opt.MaxHeap < 0 {
		return nil, "", fmt.Errorf("misere: negative max heap %d", opt.MaxHeap)
	}
	maxSize := opt.MaxSize
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	q := New(g)
	run := 0
	var proving *bounds
	if c, ok := theoremCode(g); ok && opt.Prove && c.Provable() {
		b := boundsOf(c)
		proving = &b
	}
	for q.n < opt.MaxHeap {
		next, err := q.extend(ctx, maxSize)
		if err != nil {
			return q, "", err
		}
		if next.Order() == q.Order() {
			run++
		} else {
			run = 0
		}
		q = next
		if opt.Stable > 0 && run >= opt.Stable {
			return q, StopStable, nil
		}
		if proving != nil {
			if _, _, ok := proving.check(q.phi); ok {
				return q, StopProved, nil
			}
		}
	}
	return q, StopMaxHeap, nil
}

// Extend returns the quotient of heaps 0..MaxHeap()+1, computed from q (which is unchanged). A
// result past maxSize elements (0: DefaultMaxSize) is a *SizeError.
func (q *Quotient) Extend(ctx context.Context, maxSize int) (*Quotient, error) {
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	return q.extend(ctx, maxSize)
}
