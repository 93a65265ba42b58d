package web

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"grundy/incexc"
	"grundy/nimber"
	"grundy/xorbasis"
)

// The number tools of the Nimbers view (issue 23, "Complete"): each answer is checked against
// the engine's packages (nimber, xorbasis, incexc), computed here from the same inputs.

// Many products at once: pasted pairs (decimal and hex) and two lists paired in order, each
// product nimber.Mul's; lists of different lengths and a malformed pair say what is wrong;
// Ctrl+Enter in the box multiplies.
func TestBrowserNimBatch(t *testing.T) {
	ctx, _ := openPage(t, "nimbers")
	rng := rand.New(rand.NewPCG(7, 8))
	var lines []string
	var want []string
	for i := range 40 {
		a, b := rng.Uint64()>>rng.IntN(64), rng.Uint64()>>rng.IntN(64)
		if i%2 == 0 {
			lines = append(lines, fmt.Sprintf("0x%x %d", a, b))
		} else {
			lines = append(lines, fmt.Sprintf("%d\t%d", a, b))
		}
		want = append(want, strconv.FormatUint(nimber.Mul(a, b), 10))
	}
	var got []string
	var summary string
	run(t, ctx, edit("#batch-pairs", strings.Join(lines, "\n")+"\n\n"), chromedp.Click("#batch-go"),
		waitText("#batch-summary", "40 products", &summary),
		jsEval(`Array.from(document.querySelectorAll("#batch-table tr")).slice(1).map((r) => r.cells[3].textContent)`, &got))
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("products %v, want nimber.Mul's %v", got, want)
	}
	// Two lists, paired in order; Enter in a list's box multiplies.
	as, bs := []uint64{1, 2, 3, 1 << 32, 0xffff}, []uint64{6, 7, 8, 1 << 32, 0x10001}
	var sa, sb []string
	want = want[:0]
	for i := range as {
		sa, sb = append(sa, strconv.FormatUint(as[i], 10)), append(sb, strconv.FormatUint(bs[i], 10))
		want = append(want, strconv.FormatUint(nimber.Mul(as[i], bs[i]), 10))
	}
	run(t, ctx, chromedp.Click(`input[name=batch-kind][value=lists]`), edit("#batch-a", strings.Join(sa, " ")), edit("#batch-b", strings.Join(sb, "  ")),
		chromedp.Focus("#batch-b"), chromedp.KeyEvent("\r"), waitText("#batch-summary", "5 products", &summary),
		jsEval(`Array.from(document.querySelectorAll("#batch-table tr")).slice(1).map((r) => r.cells[3].textContent)`, &got))
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("lists: products %v, want %v", got, want)
	}
	var msg string
	run(t, ctx, edit("#batch-b", "1 2"), chromedp.Click("#batch-go"), waitText("#batch-error", "list A has 5 numbers and list B 2", &msg))
	if n := countNodes(t, ctx, "#batch-table"); n != 0 {
		t.Errorf("an old table stays under the error")
	}
	run(t, ctx, edit("#batch-b", "1 2 3 x 5"), chromedp.Click("#batch-go"), waitText("#batch-error", "pair 4", &msg))
	// Pairs again: a malformed line is named; Ctrl+Enter multiplies.
	run(t, ctx, chromedp.Click(`input[name=batch-kind][value=pairs]`), edit("#batch-pairs", "2 3\n5\n"), chromedp.Click("#batch-go"),
		waitText("#batch-error", "line 2", &msg))
	run(t, ctx, edit("#batch-pairs", "2 3\n"), chromedp.Focus("#batch-pairs"), chromedp.KeyEvent("\r", chromedp.KeyModifiers(2)),
		waitText("#batch-summary", "1 product", &summary), jsEval(`document.querySelector("#batch-table tr:nth-child(2)").cells[3].textContent`, &msg))
	if msg != strconv.FormatUint(nimber.Mul(2, 3), 10) {
		t.Errorf("2 ⊗ 3 = %s", msg)
	}
	var limit string
	run(t, ctx, chromedp.Text("#batch-limit", &limit))
	if limit != fmt.Sprintf("≤ %d pairs", DefaultLimits().withDefaults().MaxList) {
		t.Errorf("the batch's limit reads %q", limit)
	}
}

// countNodes is how many elements match sel.
func countNodes(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	var n int
	run(t, ctx, jsEval(fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n))
	return n
}

// The XOR basis of a list: rank, the basis, max, min, k-th, membership with its witness and New
// Nim, each what package xorbasis says of the same numbers; a k out of range says so on its line.
func TestBrowserXorBasis(t *testing.T) {
	ctx, _ := openPage(t, "nimbers")
	nums := []uint64{3, 5, 6, 9, 12, 0x30, 0x21}
	var b xorbasis.Basis
	var s []string
	for _, v := range nums {
		b.Insert(v)
		s = append(s, strconv.FormatUint(v, 10))
	}
	const k, x = 5, 0x3c // x = 5 ⊕ 9 ⊕ 0x30
	var rank, maxT, minT, kth, contains, newnim string
	var rows []string
	run(t, ctx, edit("#basis-numbers", strings.Join(s, " ")), edit("#basis-k", strconv.Itoa(k)), edit("#basis-x", "0x3c"),
		chromedp.Focus("#basis-x"), chromedp.KeyEvent("\r"), waitText("#basis-rank", fmt.Sprintf("the %d numbers", len(nums)), &rank),
		waitText("#basis-newnim", "New Nim", &newnim),
		chromedp.Text("#basis-max", &maxT), chromedp.Text("#basis-min", &minT), chromedp.Text("#basis-kth", &kth), chromedp.Text("#basis-contains", &contains),
		jsEval(`Array.from(document.querySelectorAll("#basis-rows tr")).slice(1).map((r) => r.cells[0].textContent + " " + r.cells[1].textContent)`, &rows))
	if !strings.HasPrefix(rank, fmt.Sprintf("rank: %d:", b.Rank())) || !strings.Contains(rank, b.Distinct().String()+" distinct") {
		t.Errorf("rank %q, want %d and %v distinct", rank, b.Rank(), b.Distinct())
	}
	var want []string
	for _, v := range b.Reduced() {
		want = append(want, fmt.Sprintf("%d %0*b", v, len(strconv.FormatUint(b.Reduced()[0], 2)), v))
	}
	if strings.Join(rows, "|") != strings.Join(want, "|") {
		t.Errorf("basis rows %v, want %v", rows, want)
	}
	mx, _ := b.Max()
	mn, _ := b.Min()
	kv, _ := b.KthSmallest(k)
	if !strings.HasSuffix(maxT, ": "+strconv.FormatUint(mx, 10)) || !strings.HasSuffix(minT, ": "+strconv.FormatUint(mn, 10)) ||
		!strings.Contains(kth, ": "+strconv.FormatUint(kv, 10)+" ") {
		t.Errorf("max %q, min %q, kth %q; want %d, %d, %d", maxT, minT, kth, mx, mn, kv)
	}
	// The witness: its values XOR to X.
	if w, ok := b.Represent(x); !ok {
		t.Fatalf("0x3c is not in the span")
	} else {
		var vals []string
		for _, i := range w {
			vals = append(vals, strconv.FormatUint(nums[i], 10))
		}
		if !strings.Contains(contains, "yes: 0x3c = "+strings.Join(vals, " ⊕ ")) {
			t.Errorf("contains %q, want the witness %v", contains, vals)
		}
	}
	res, ok := xorbasis.NewNim(nums)
	if !ok || !strings.Contains(newnim, "removing heaps of total "+res.Taken.String()) {
		t.Errorf("New Nim %q, want total %v", newnim, res.Taken)
	}
	// Not in the span; k beyond the distinct values.
	run(t, ctx, edit("#basis-numbers", "1 2 3"), edit("#basis-x", "4"), edit("#basis-k", "9"), chromedp.Click("#basis-go"),
		waitText("#basis-contains", "no", &contains), waitText("#basis-kth", "out of range", &kth))
	var limit string
	run(t, ctx, chromedp.Text("#basis-limit", &limit))
	if limit != fmt.Sprintf("≤ %d numbers", DefaultLimits().MaxArgs) {
		t.Errorf("limit %q", limit)
	}
	// Over the limit: the message names it, and the old answer is gone.
	run(t, ctx, edit("#basis-numbers", strings.Repeat("7 ", DefaultLimits().MaxArgs+1)), chromedp.Click("#basis-go"),
		waitText("#basis-error", fmt.Sprintf("the limit is %d", DefaultLimits().MaxArgs), &limit))
}

// Counting multiples: the count is incexc's, for 1..N and from L; a zero divisor says so.
func TestBrowserCount(t *testing.T) {
	ctx, _ := openPage(t, "nimbers")
	for _, c := range []struct {
		from, n uint64
		ds      []uint64
	}{{1, 1000, []uint64{6, 10, 15}}, {1, 1 << 62, []uint64{3, 7, 11, 13, 1 << 40}}, {500, 123456789, []uint64{4, 6, 9}}} {
		var ds []string
		for _, d := range c.ds {
			ds = append(ds, strconv.FormatUint(d, 10))
		}
		want, err := incexc.CountRange(c.from, c.n, c.ds)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		run(t, ctx, edit("#count-from", strconv.FormatUint(c.from, 10)), edit("#count-n", strconv.FormatUint(c.n, 10)),
			edit("#count-divisors", strings.Join(ds, " ")), chromedp.Focus("#count-n"), chromedp.KeyEvent("\r"),
			waitText("#count-answer", fmt.Sprintf(" of the integers %d … %d", c.from, c.n), &got))
		if !strings.HasPrefix(got, new(big.Int).SetUint64(want).String()+" of") {
			t.Errorf("%+v: %q, want %d", c, got, want)
		}
		// The terms: each set's lcm and multiples in from..N, from the definition, with the sign
		// of its size; the rows add up to the count.
		var rows [][]string
		run(t, ctx, jsEval(`Array.from(document.querySelectorAll("#count-terms tr")).slice(1).map((r) => Array.from(r.cells).map((c) => c.textContent))`, &rows))
		if len(rows) != 1<<len(c.ds) {
			t.Fatalf("%+v: %d rows of terms, want %d and the total", c, len(rows), 1<<len(c.ds)-1)
		}
		sum := new(big.Int)
		for set := 1; set < 1<<len(c.ds); set++ {
			l, sign, names := big.NewInt(1), "− ", []string{}
			for i, d := range c.ds {
				if set>>i&1 == 1 {
					bd := new(big.Int).SetUint64(d)
					g := new(big.Int).GCD(nil, nil, l, bd)
					l.Mul(l, bd.Div(bd, g))
					sign = map[string]string{"+ ": "− ", "− ": "+ "}[sign]
					names = append(names, ds[i])
				}
			}
			wantRow := []string{strings.Join(names, ", "), fmt.Sprintf("> %d", c.n), sign + "0"}
			if l.Cmp(new(big.Int).SetUint64(c.n)) <= 0 {
				m := c.n/l.Uint64() - (c.from-1)/l.Uint64()
				wantRow[1], wantRow[2] = l.String(), sign+strconv.FormatUint(m, 10)
				if sign == "+ " {
					sum.Add(sum, new(big.Int).SetUint64(m))
				} else {
					sum.Sub(sum, new(big.Int).SetUint64(m))
				}
			}
			if strings.Join(rows[set-1], "|") != strings.Join(wantRow, "|") {
				t.Errorf("%+v: term %v, want %v", c, rows[set-1], wantRow)
			}
		}
		if total := rows[len(rows)-1][2]; sum.Uint64() != want || total != "= "+strconv.FormatUint(want, 10) {
			t.Errorf("%+v: the terms add up to %v, the total row says %q, incexc %d", c, sum, total, want)
		}
	}
	// Seven divisors: the count, and the terms not listed, saying why.
	var omitted string
	run(t, ctx, edit("#count-from", "1"), edit("#count-n", "1000"), edit("#count-divisors", "2 3 5 7 11 13 17"), chromedp.Click("#count-go"),
		waitText("#count-terms-omitted", "at most 6 divisors", &omitted))
	if !strings.Contains(omitted, "7 were given") {
		t.Errorf("seven divisors: %q", omitted)
	}
	var msg string
	run(t, ctx, edit("#count-divisors", "3 0"), chromedp.Click("#count-go"), waitText("#count-error", "divisor 2 is 0", &msg))
}

// Keyboard only: from the first box of each new form, Tab reaches its button in a few steps and
// Enter on it gives the answer.
func TestBrowserNumberToolsKeyboard(t *testing.T) {
	ctx, _ := openPage(t, "nimbers")
	for _, c := range []struct{ view, first, button, clear, wait, want string }{
		{"nimbers", "#batch-a", "batch-go", "#batch-result", "#batch-summary", "5 products"},
		{"nimbers", "#basis-numbers", "basis-go", "#basis-result", "#basis-rank", "rank"},
		{"nimbers", "#count-from", "count-go", "#count-result", "#count-answer", "266 of"},
		{"sequences", "#scan-pattern", "scan-go", "#scan-result", "#scan-table", "0.07"},
	} {
		run(t, ctx, chromedp.Click(fmt.Sprintf(`#tabs button[data-tab=%q]`, c.view)))
		if c.first == "#batch-a" {
			run(t, ctx, chromedp.Click(`input[name=batch-kind][value=lists]`))
		}
		run(t, ctx, jsEval(fmt.Sprintf(`document.querySelector(%q).replaceChildren()`, c.clear), nil), chromedp.Focus(c.first))
		var at string
		for range 8 {
			run(t, ctx, chromedp.KeyEvent("\t"), jsEval(`document.activeElement.id`, &at))
			if at == c.button {
				break
			}
		}
		if at != c.button {
			t.Fatalf("Tab from %s does not reach #%s (stopped at %q)", c.first, c.button, at)
		}
		var got string
		run(t, ctx, chromedp.KeyEvent("\r"), waitText(c.wait, c.want, &got))
	}
}
