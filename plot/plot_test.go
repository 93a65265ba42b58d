package plot

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"strings"
	"testing"
)

// svgElements parses an SVG document and returns its elements by name, failing on malformed XML.
func svgElements(t *testing.T, doc []byte) map[string][]xml.StartElement {
	t.Helper()
	out := map[string][]xml.StartElement{}
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("malformed SVG: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			out[se.Name.Local] = append(out[se.Name.Local], se)
		}
	}
}

func attr(se xml.StartElement, name string) string {
	for _, a := range se.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func byClass(els []xml.StartElement, class string) []xml.StartElement {
	var out []xml.StartElement
	for _, e := range els {
		if attr(e, "class") == class {
			out = append(out, e)
		}
	}
	return out
}

func TestSVG(t *testing.T) {
	vals := make([]uint64, 100)
	for i := range vals {
		vals[i] = uint64(i % 5)
	}
	s := &Sequence{Values: vals, Period: 12, Preperiod: 10, Proved: true, Title: "a <test>"}
	var buf bytes.Buffer
	if err := s.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	els := svgElements(t, buf.Bytes())
	paths := byClass(els["path"], "values")
	if len(paths) != 1 || strings.Count(attr(paths[0], "d"), "M") != 100 {
		t.Fatalf("want one path of 100 marks")
	}
	if len(byClass(els["rect"], "period-band")) != 1 || len(byClass(els["line"], "preperiod")) != 1 {
		t.Fatal("no period band or preperiod mark")
	}
	// Periods after the first start at 22, 34, 46, 58, 70, 82, 94: every other one is shaded.
	stripes := byClass(els["rect"], "period")
	if len(stripes) != 4 {
		t.Fatalf("%d shaded periods, want 4", len(stripes))
	}
	g, _ := s.geometry()
	if x := attr(stripes[1], "x"); x != fmt.Sprintf("%.1f", g.x(46)) {
		t.Fatalf("second stripe at x=%s, want heap 46 at %.1f", x, g.x(46))
	}
	if !strings.Contains(buf.String(), "period 12, preperiod 10 (proved)") || !strings.Contains(buf.String(), "a &lt;test&gt;") {
		t.Fatal("legend or escaped title missing")
	}

	// Without a period: no band, no mark.
	buf.Reset()
	if err := (&Sequence{Values: vals}).WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	els = svgElements(t, buf.Bytes())
	if len(byClass(els["rect"], "period-band")) != 0 || len(byClass(els["line"], "preperiod")) != 0 || !strings.Contains(buf.String(), "no period found") {
		t.Fatal("a sequence without a period drew one")
	}
}

func TestPNG(t *testing.T) {
	// g = 0 0 … with g(50) = 4: one tall mark; period 1 from 20, so 20.. is shaded.
	vals := make([]uint64, 60)
	vals[50] = 4
	s := &Sequence{Values: vals, Period: 1, Preperiod: 20}
	var buf bytes.Buffer
	if err := s.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
		t.Fatalf("size %v", b)
	}
	g, _ := s.geometry()
	at := func(x, y float64) string {
		r, gg, b, _ := img.At(int(x), int(y)).RGBA()
		return fmt.Sprintf("#%02x%02x%02x", r>>8, gg>>8, b>>8)
	}
	col := (g.x(50) + g.x(51)) / 2
	if c := at(col, g.y(4)+1); c != markHex {
		t.Fatalf("mark of g(50) = 4: %s, want %s", c, markHex)
	}
	if c := at(col, g.y(2)); c != bandHex && c != stripeHex {
		t.Fatalf("inside the periodic part: %s", c)
	}
	if c := at((g.x(10)+g.x(11))/2, g.y(2)); c != "#ffffff" {
		t.Fatalf("inside the preperiod: %s, want white", c)
	}
	if c := at((g.x(10)+g.x(11))/2, g.y(0)+1); c != markHex {
		t.Fatalf("mark of g(10) = 0: %s", c)
	}
}

func TestErrors(t *testing.T) {
	for _, s := range []*Sequence{
		{},
		{Values: []uint64{1, 2}, Period: 1, Preperiod: 2},
		{Values: []uint64{1}, Period: -1},
		{Values: make([]uint64, MaxValues+1)},
	} {
		if err := s.WriteSVG(io.Discard); err == nil {
			t.Errorf("WriteSVG(%d values, period %d from %d) succeeded", len(s.Values), s.Period, s.Preperiod)
		}
		if err := s.WritePNG(io.Discard); err == nil {
			t.Errorf("WritePNG(%d values, period %d from %d) succeeded", len(s.Values), s.Period, s.Preperiod)
		}
	}
}

func Example() {
	s := &Sequence{Values: []uint64{0, 1, 2, 0, 1, 2, 0, 1, 2}, Period: 3, Preperiod: 0, Proved: true}
	var buf bytes.Buffer
	if err := s.WriteSVG(&buf); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.SplitN(buf.String(), "\n", 2)[0])
	fmt.Println(strings.Contains(buf.String(), "period 3, preperiod 0 (proved)"))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="900" height="320" viewBox="0 0 900 320" font-family="sans-serif" font-size="12">
	// true
}

// hostile are sequences that test the edges of the layout: one value, a column narrower than a
// pixel, the largest values, a long title, periods at both ends.
func hostile() []*Sequence {
	long := strings.Repeat("0.1234567 with a very long title ", 12)
	many := make([]uint64, 1<<17+3) // columns far narrower than a pixel
	for i := range many {
		many[i] = uint64(i) * 0x9E3779B97F4A7C15
	}
	return []*Sequence{
		{Values: []uint64{0}},
		{Values: []uint64{1<<64 - 1}, Title: long},
		{Values: []uint64{0, 1<<64 - 1, 7}, Period: 1, Preperiod: 0, Title: "x"},
		{Values: make([]uint64, 5000), Period: 1, Preperiod: 4999},
		{Values: many, Period: 3, Preperiod: 10, Saltus: 1<<64 - 1, Proved: true, Title: long},
		{Values: []uint64{5, 1<<63 + 12345678901234567, 3, 3, 3}, Period: 2, Preperiod: 1, Saltus: 12345678901234567890},
	}
}

// TestStaysInside: every mark lies inside the plot area, every band and line inside the picture,
// every label inside the picture (at 7 pixels a character, the bitmap font's advance; the SVG's
// 12-pixel sans-serif is narrower), for the hostile sequences, in both formats.
func TestStaysInside(t *testing.T) {
	for k, s := range hostile() {
		g, err := s.geometry()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := s.WriteSVG(&buf); err != nil {
			t.Fatal(err)
		}
		els := svgElements(t, buf.Bytes())
		num := func(e xml.StartElement, name string) float64 {
			var v float64
			if _, err := fmt.Sscan(attr(e, name), &v); err != nil {
				t.Fatalf("sequence %d: %s=%q: %v", k, name, attr(e, name), err)
			}
			return v
		}
		for _, r := range els["rect"] {
			x, w := 0.0, num(r, "width")
			if attr(r, "x") != "" {
				x = num(r, "x")
			}
			if x < 0 || x+w > width+0.05 {
				t.Errorf("sequence %d: rect %v outside the picture", k, r.Attr)
			}
		}
		for _, l := range els["line"] {
			for _, a := range []string{"x1", "x2"} {
				if v := num(l, a); v < 0 || v > width {
					t.Errorf("sequence %d: line %v outside the picture", k, l.Attr)
				}
			}
		}
		d := attr(byClass(els["path"], "values")[0], "d")
		marks := 0
		for _, m := range strings.Split(strings.TrimSuffix(d, "z"), "z") {
			var x, y, w, h, w2 float64
			if _, err := fmt.Sscanf(m, "M%f %fh%fv%fh-%f", &x, &y, &w, &h, &w2); err != nil {
				t.Fatalf("sequence %d: mark %q: %v", k, m, err)
			}
			marks++
			if x < float64(g.left)-0.05 || x+w > float64(g.left+g.plotW)+0.05 || y < top-0.05 || y+h > top+plotH+0.05 {
				t.Fatalf("sequence %d: mark %q outside the plot area %d..%d × %d..%d", k, m, g.left, g.left+g.plotW, top, top+plotH)
			}
		}
		if marks != len(s.Values) {
			t.Errorf("sequence %d: %d marks for %d values", k, marks, len(s.Values))
		}
		for _, l := range s.labels(g) {
			w := 7 * len([]rune(l.text))
			x0 := map[string]int{"start": l.x, "middle": l.x - w/2, "end": l.x - w}[l.anchor]
			if x0 < 0 || x0+w > width || l.y < 10 || l.y > height {
				t.Errorf("sequence %d: label %q at %d (%s) runs outside the picture", k, l.text, l.x, l.anchor)
			}
		}
		buf.Reset()
		if err := s.WritePNG(&buf); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&buf)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < height; y++ {
			for x := 0; x < width; x++ {
				r, gg, b, _ := img.At(x, y).RGBA()
				if fmt.Sprintf("#%02x%02x%02x", r>>8, gg>>8, b>>8) == markHex && (x < g.left || x >= g.left+g.plotW || y < top || y >= top+plotH) {
					t.Fatalf("sequence %d: a mark's pixel at (%d, %d), outside the plot area", k, x, y)
				}
			}
		}
	}
}
