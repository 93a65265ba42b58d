package rules

import (
	"context"
	"encoding/binary"
	"fmt"
	"iter"
	"slices"
	"sort"
	"strings"
	"sync"

	"grundy/internal/cliarg"
	"grundy/misere"
)

// Position is a position of a ruleset: a list of numbers whose layout the ruleset defines (heap
// sizes, stones per step, sorted coin indices, flattened x,y pairs, …). Rulesets keep positions in
// a canonical form, so two positions are the same game state exactly when their numbers are equal.
type Position []uint64

// Key returns a comparable encoding of p, for use as a map key or as the position type of a
// generic engine.
func (p Position) Key() string {
	b := make([]byte, 8*len(p))
	for i, v := range p {
		binary.LittleEndian.PutUint64(b[8*i:], v)
	}
	return string(b)
}

// PositionFromKey decodes a key made by [Position.Key].
func PositionFromKey(k string) Position {
	p := make(Position, len(k)/8)
	for i := range p {
		p[i] = binary.LittleEndian.Uint64([]byte(k[8*i : 8*i+8]))
	}
	return p
}

// Move is one legal move: its description for people ("take 2 from heap 1") and the position it
// leads to.
type Move struct {
	Text string
	To   Position
}

// Outcome is the outcome class of a position: N when the player to move wins with perfect play,
// P when the previous player does.
type Outcome byte

// The two outcome classes.
const (
	N Outcome = 'N'
	P Outcome = 'P'
)

// String returns "N" or "P".
func (o Outcome) String() string { return string(o) }

// Analysis is the answer for one position: who wins, the Grundy value when one applies, and the
// winning moves.
type Analysis struct {
	Outcome Outcome
	// Value is the Grundy value; meaningful only when HasValue is set (it is not in misère and
	// scored play, and not when the value is beyond what the ruleset can compute).
	Value    uint64
	HasValue bool
	// Score is the length of play (number of moves, both players counted) under "win first, then
	// win fast / lose slowly", for scored rulesets; meaningful only when HasScore is set.
	Score    uint64
	HasScore bool
	// WinningMoves are moves to P-positions (empty for a P-position).
	WinningMoves []Move
	// Complete reports whether WinningMoves lists every winning move; when false, at least one
	// winning move is listed for an N-position, but others may exist.
	Complete bool
	// Method names the theory or algorithm that produced the answer.
	Method string
	// Note says anything else the user should know (for example why Value is missing).
	Note string
	// Quotient, when set, is the misère quotient that decided a sum of heaps, QuotientHeaps the
	// sum's heaps (each ≤ its MaxHeap): the why of the answer (report.NewQuotientSum).
	Quotient      *misere.Quotient
	QuotientHeaps []int
}

// FlagInfo describes one parameter flag of a ruleset.
type FlagInfo struct {
	Name  string // without the dashes: "k"
	Arg   string // the shape of the value: "K", "S", "P:Q"; empty for a boolean flag
	Usage string
	OneOf string // flags of a ruleset with the same non-empty OneOf exclude each other
}

// Info describes a ruleset for the catalogue.
type Info struct {
	Name     string
	Summary  string     // the rules in one or two sentences
	Flags    []FlagInfo // parameters
	Position string     // position syntax on the command line
	Example  string     // an example: flags and position, as typed after the ruleset name
	Theory   string     // the theorem or method used
	Indexing string     // how heaps, steps, coins or coordinates are numbered
	Limits   string     // how far the ruleset can go
	// OneHeap is set when the ruleset has a Grundy sequence g(0), g(1), … (`grundy seq`).
	OneHeap bool
	// Play is the kind of play: normal, misère or scored.
	Play PlayKind
	// Board is what a position is made of, as the web page draws it: heaps, coins, a grid of
	// coins, or text.
	Board Board
	// FirstIndex is the number of the first heap, step, coin or cell (0 or 1), as positions and move
	// descriptions count them.
	FirstIndex int
}

// PlayKind is the kind of play of a ruleset: who wins when a player cannot move, and whether
// there is a score.
type PlayKind string

// The kinds of play.
const (
	PlayNormal PlayKind = "normal" // whoever cannot move loses
	PlayMisere PlayKind = "misère" // whoever cannot move wins
	PlayScored PlayKind = "scored" // winning comes first, then the length of play
)

// Grid is implemented by the rulesets whose board is a grid (BoardGrid): GridFirst gives the first
// coordinates x (numbering the rows) and y (numbering the columns), which may depend on the flags.
type Grid interface {
	GridFirst() (x, y uint64)
}

// Board is what the positions of a ruleset are made of.
type Board string

// The boards.
const (
	BoardHeaps Board = "heaps" // a list of heap sizes
	BoardCoins Board = "coins" // the indices of the heads-up coins of a row
	BoardGrid  Board = "grid"  // heads-up coins as x,y pairs
	BoardText  Board = "text"  // anything else, drawn as text
)

// Ruleset is one game of the catalogue with its parameters fixed.
type Ruleset interface {
	// Info describes the ruleset.
	Info() Info
	// Parse reads a position from its command-line arguments and puts it in canonical form.
	Parse(args []string) (Position, error)
	// Args writes p back as command-line arguments (Parse(Args(p)) == p).
	Args(p Position) []string
	// Format draws p for people.
	Format(p Position) string
	// Moves yields every legal move from p. It is the move relation the generic engine searches.
	Moves(p Position) iter.Seq[Move]
	// Analyze answers who wins, the Grundy value and the winning moves, by theory where theory
	// gives an answer, by search where the ruleset's limits allow it, and refuses otherwise.
	Analyze(ctx context.Context, p Position) (Analysis, error)
}

// Sequence is the Grundy sequence of a one-heap ruleset.
type Sequence struct {
	Values    []uint64 // g(0) … g(N)
	Period    uint64   // 0 when no period was found
	Preperiod uint64
	// Proved is set when a theorem certifies that the period holds forever.
	Proved bool
	// Arithmetic, when not 0, is the saltus of an arithmetic period: g(n+Period) = g(n) + Arithmetic.
	Arithmetic uint64
}

// Sequencer is implemented by one-heap rulesets: their Grundy values g(0..n).
type Sequencer interface {
	Sequence(ctx context.Context, n uint64) (Sequence, error)
}

// entry is one row of the catalogue: its description and how to build it from flags.
type entry struct {
	info  Info
	build func(f flags) (Ruleset, error)
}

// catalogue returns the rows of the catalogue, in the order `grundy rules` lists them. They are
// built once and only read afterwards.
var catalogue = sync.OnceValue(buildCatalogue)

func buildCatalogue() []entry {
	return []entry{
		nimEntry(), misereNimEntry(), mooreEntry(), misereMooreEntry(),
		staircaseEntry(), graEntry(), subtractEntry(), laskerEntry(), splitNimEntry(),
		splitEntry(), hungerEntry(), wythoffEntry(),
		turtlesEntry(), mockTurtlesEntry(), rulerEntry(), twinsEntry(),
		acrosticEntry(), cornersEntry(), tartanEntry(), primeTakeEntry(),
		kaylesEntry(), dawsonEntry(), grundyGameEntry(), octalCodeEntry(),
		windupEntry(), squareButOneEntry(), // with cycles: loopy.go
	}
}

// infos indexes the catalogue's descriptions by name. It is built once and only read afterwards,
// so that a ruleset's Info, asked several times a request, copies its description instead of
// building it again.
var infos = sync.OnceValue(func() map[string]Info {
	m := make(map[string]Info, len(catalogue()))
	for _, e := range catalogue() {
		m[e.info.Name] = e.info
	}
	return m
})

// infoOf returns the catalogue's description of the ruleset called name, which must be one.
// The description shares its Flags with the catalogue's: a caller must not change them.
func infoOf(name string) Info { return infos()[name] }

// Catalogue describes every ruleset, in a fixed order.
func Catalogue() []Info {
	var out []Info
	for _, e := range catalogue() {
		out = append(out, e.info)
	}
	return out
}

// Names returns the names of all rulesets, in catalogue order.
func Names() []string {
	var out []string
	for _, e := range catalogue() {
		out = append(out, e.info.Name)
	}
	return out
}

// Lookup returns the description of the named ruleset. An unknown name gives a *cliarg.Error that
// suggests the nearest known name.
func Lookup(name string) (Info, error) {
	for _, e := range catalogue() {
		if e.info.Name == name {
			return e.info, nil
		}
	}
	return Info{}, unknown(name)
}

func unknown(name string) error {
	best, bestD := "", -1
	for _, n := range Names() {
		d := levenshtein(strings.ToLower(name), n)
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	return cliarg.Errorf("unknown ruleset %q: did you mean %q? ('grundy rules' lists them all)", name, best)
}

// New builds the named ruleset with its parameter flags, given by name without dashes
// ({"k": "2"}); a boolean flag is present with value "true". Unknown names, flags the ruleset does
// not take, missing or contradictory flags and malformed values give a *cliarg.Error.
func New(name string, flagValues map[string]string) (Ruleset, error) {
	for _, e := range catalogue() {
		if e.info.Name != name {
			continue
		}
		allowed := map[string]bool{}
		for _, f := range e.info.Flags {
			allowed[f.Name] = true
		}
		keys := make([]string, 0, len(flagValues))
		for k := range flagValues {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !allowed[k] {
				if len(e.info.Flags) == 0 {
					return nil, cliarg.Errorf("%s takes no flags, got --%s", name, k)
				}
				var names []string
				for _, f := range e.info.Flags {
					names = append(names, "--"+f.Name)
				}
				return nil, cliarg.Errorf("%s does not take --%s (its flags: %s)", name, k, strings.Join(names, ", "))
			}
		}
		return e.build(flags{ruleset: name, m: flagValues})
	}
	return nil, unknown(name)
}

// flags gives a ruleset's builder typed access to its flag values.
type flags struct {
	ruleset string
	m       map[string]string
}

func (f flags) has(name string) bool { _, ok := f.m[name]; return ok }

// uint reads a required number flag in [lo, hi].
func (f flags) uint(name string, lo, hi uint64) (uint64, error) {
	s, ok := f.m[name]
	if !ok {
		return 0, cliarg.Errorf("%s needs --%s", f.ruleset, name)
	}
	v, err := cliarg.Uint64(s)
	if err != nil {
		return 0, cliarg.Errorf("--%s: %v", name, err)
	}
	if v < lo || v > hi {
		return 0, cliarg.Errorf("--%s %s is out of range: it must be between %d and %d", name, s, lo, hi)
	}
	return v, nil
}

// bool reads a boolean flag ("true"/"false"; absent means false).
func (f flags) bool(name string) (bool, error) {
	s, ok := f.m[name]
	if !ok {
		return false, nil
	}
	switch s {
	case "true", "":
		return true, nil
	case "false":
		return false, nil
	}
	return false, cliarg.Errorf("--%s takes no value, got %q", name, s)
}

// levenshtein is the edit distance between a and b (bytes).
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// parseNumbers parses every argument as a uint64; what names the things ("heap", "step").
func parseNumbers(args []string, what string) (Position, error) {
	p := make(Position, len(args))
	for i, s := range args {
		v, err := cliarg.Uint64(s)
		if err != nil {
			return nil, cliarg.Errorf("%s %d: %v", what, i+1, err)
		}
		p[i] = v
	}
	return p, nil
}

// numberArgs writes numbers as decimal arguments.
func numberArgs(p Position) []string {
	out := make([]string, len(p))
	for i, v := range p {
		out[i] = fmt.Sprint(v)
	}
	return out
}

// joinNumbers writes numbers separated by spaces.
func joinNumbers(p []uint64) string { return strings.Join(numberArgs(p), " ") }

// maxMovesListed bounds the winning moves listed for one position (they can be very many in some
// rulesets); Analysis.Complete says whether the list was cut.
const maxMovesListed = 64

// with returns a copy of p with p[i] = v.
func with(p Position, i int, v uint64) Position {
	q := slices.Clone(p)
	q[i] = v
	return q
}

// xorAll is the nim-sum of vs.
func xorAll(vs []uint64) uint64 {
	var x uint64
	for _, v := range vs {
		x ^= v
	}
	return x
}
