// Package plot draws a Grundy sequence — g(n) against the heap size n — as an SVG or PNG picture,
// with the periodic part shaded period by period and the end of the preperiod marked: the picture
// of `grundy seq … --plot F.svg|F.png`, laid out as the web page draws it. It writes to an
// io.Writer and never touches files itself.
package plot

import (
	"bufio"
	"errors"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// MaxValues is the most values a plot draws (one mark each).
const MaxValues = 1 << 20

// Sequence is a Grundy sequence to draw: Values[n] = g(n) for n = 0, 1, …, len(Values)-1, and its
// period when one is known (Period > 0): g(n+Period) = g(n) for n ≥ Preperiod.
type Sequence struct {
	Values    []uint64
	Period    int
	Preperiod int
	// Saltus, when not 0, makes the period arithmetic: g(n+Period) = g(n) + Saltus.
	Saltus uint64
	// Proved says a theorem certifies the period (the legend says "proved" or "apparent").
	Proved bool
	// Title is shown above the plot (optional).
	Title string
}

// The picture's layout, in pixels, and its colours (those of the web page).
const (
	width, height               = 900, 320
	minLeft, right, top, bottom = 48, 12, 24, 30
	plotH                       = height - top - bottom
	markH                       = 2
	charW                       = 7 // the bitmap font's advance; the SVG's 12-pixel sans-serif is narrower
	titleY                      = 16
	labelGap                    = 4
	bandHex, stripeHex, axisHex = "#e6f0fb", "#d3e3f6", "#888888"
	markHex, preHex, textHex    = "#2b6cb0", "#b3261e", "#444444"
)

// geometry maps heaps and values to pixels. The plot area is left..left+plotW × top..top+plotH;
// left makes room for the largest value's label.
type geometry struct {
	n           int
	max         uint64
	left, plotW int
}

func (s *Sequence) geometry() (geometry, error) {
	if len(s.Values) == 0 {
		return geometry{}, errors.New("plot: no values")
	}
	if len(s.Values) > MaxValues {
		return geometry{}, fmt.Errorf("plot: %d values, more than the limit of %d", len(s.Values), MaxValues)
	}
	if s.Period < 0 || s.Preperiod < 0 || s.Period > 0 && s.Preperiod >= len(s.Values) {
		return geometry{}, fmt.Errorf("plot: period %d from %d does not fit %d values", s.Period, s.Preperiod, len(s.Values))
	}
	g := geometry{n: len(s.Values), max: 1}
	for _, v := range s.Values {
		g.max = max(g.max, v)
	}
	g.left = max(minLeft, labelGap+charW*len(strconv.FormatUint(g.max, 10))+labelGap)
	g.plotW = width - g.left - right
	return g, nil
}

// x is the left edge of heap i's column; columns share the plot's width equally.
func (g geometry) x(i int) float64 { return float64(g.left) + float64(i)*float64(g.plotW)/float64(g.n) }

// mark is the horizontal extent of heap i's mark: centred in its column, at least minW pixels
// wide (wider than a column when columns are narrow), and clipped to the plot area.
func (g geometry) mark(i int, minW float64) (x0, x1 float64) {
	col := float64(g.plotW) / float64(g.n)
	w := max(minW, 0.8*col)
	x0 = g.x(i) + (col-w)/2
	return max(x0, float64(g.left)), min(x0+w, float64(g.left+g.plotW))
}

// y is the top of the mark for value v (0 at the bottom of the plot).
func (g geometry) y(v uint64) float64 {
	return top + plotH - markH - float64(v)/float64(g.max)*float64(plotH-markH)
}

// bands returns the shaded intervals [from, to) of heaps: the whole periodic part first, then every
// other period when periods are wide enough (3 pixels) to tell apart.
func (s *Sequence) bands(g geometry) (all [2]int, stripes [][2]int) {
	if s.Period == 0 {
		return [2]int{}, nil
	}
	all = [2]int{s.Preperiod, g.n}
	if float64(s.Period)*float64(g.plotW)/float64(g.n) >= 3 {
		for a, k := s.Preperiod+s.Period, 1; a < g.n; a, k = a+s.Period, k+1 {
			if k%2 == 1 {
				stripes = append(stripes, [2]int{a, min(a+s.Period, g.n)})
			}
		}
	}
	return all, stripes
}

func (s *Sequence) legend() string {
	if s.Period == 0 {
		return "no period found"
	}
	how := "apparent"
	if s.Proved {
		how = "proved"
	}
	if s.Saltus != 0 {
		return fmt.Sprintf("arithmetic period %d with saltus %d, preperiod %d (%s)", s.Period, s.Saltus, s.Preperiod, how)
	}
	return fmt.Sprintf("period %d, preperiod %d (%s)", s.Period, s.Preperiod, how)
}

// WriteSVG draws the sequence as an SVG document.
func (s *Sequence) WriteSVG(w io.Writer) error {
	g, err := s.geometry()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	if s.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(s.Title))
	}
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	all, stripes := s.bands(g)
	if s.Period > 0 {
		fmt.Fprintf(bw, `<rect class="period-band" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", g.x(all[0]), top, g.x(all[1])-g.x(all[0]), plotH, bandHex)
		for _, b := range stripes {
			fmt.Fprintf(bw, `<rect class="period" x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>`+"\n", g.x(b[0]), top, g.x(b[1])-g.x(b[0]), plotH, stripeHex)
		}
		fmt.Fprintf(bw, `<line class="preperiod" x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="%s" stroke-dasharray="4 3"/>`+"\n", g.x(s.Preperiod), g.x(s.Preperiod), top, top+plotH, preHex)
	}
	fmt.Fprintf(bw, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s"/>`+"\n", g.left, g.left+g.plotW, top+plotH, top+plotH, axisHex)
	fmt.Fprintf(bw, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s"/>`+"\n", g.left, g.left, top, top+plotH, axisHex)
	for _, l := range s.labels(g) {
		fmt.Fprintf(bw, `<text x="%d" y="%d" text-anchor="%s" fill="%s">%s</text>`+"\n", l.x, l.y, l.anchor, textHex, html.EscapeString(l.text))
	}
	// The values: one mark per heap, all in one path; a mark's edges are rounded inwards to the
	// tenth of a pixel that the path writes, so that none pokes out of the plot area.
	fmt.Fprintf(bw, `<path class="values" fill="%s" d="`, markHex)
	for i, v := range s.Values {
		x0, x1 := g.mark(i, 1.5)
		x0, x1 = math.Ceil(x0*10)/10, math.Floor(x1*10)/10
		w := (math.Round(x1*10) - math.Round(x0*10)) / 10
		fmt.Fprintf(bw, "M%.1f %.1fh%.1fv%dh-%.1fz", x0, g.y(v), w, markH, w)
	}
	bw.WriteString("\"/>\n</svg>\n")
	return bw.Flush()
}

func (s *Sequence) heading() string {
	if s.Title != "" {
		return s.Title + " — " + s.legend()
	}
	return s.legend()
}

// label is a text of the picture: its anchor point, and which end of it ("start", "middle",
// "end") the point is.
type label struct {
	x, y         int
	anchor, text string
}

// labels are the picture's texts, laid out for g: the axes' ends, the axis name and the heading,
// which is cut (…) to the picture's width.
func (s *Sequence) labels(g geometry) []label {
	head := []rune(s.heading())
	if room := (width - right - g.left) / charW; len(head) > room {
		head = append(head[:room-1], '…')
	}
	return []label{
		{g.left, top + plotH + 16, "middle", "0"},
		{g.left + g.plotW, top + plotH + 16, "end", strconv.Itoa(g.n - 1)},
		{g.left + g.plotW/2, height - 4, "middle", "heap n"},
		{g.left - labelGap, top + 10, "end", strconv.FormatUint(g.max, 10)},
		{g.left - labelGap, top + plotH, "end", "0"},
		{g.left, titleY, "start", string(head)},
	}
}

// WritePNG draws the sequence as a PNG image.
func (s *Sequence) WritePNG(w io.Writer) error {
	g, err := s.geometry()
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fill := func(x0, y0, x1, y1 float64, c color.RGBA) {
		r := image.Rect(int(x0+0.5), int(y0+0.5), int(x1+0.5), int(y1+0.5))
		draw.Draw(img, r, &image.Uniform{c}, image.Point{}, draw.Src)
	}
	fill(0, 0, width, height, color.RGBA{255, 255, 255, 255})
	all, stripes := s.bands(g)
	if s.Period > 0 {
		fill(g.x(all[0]), top, g.x(all[1]), top+plotH, hex(bandHex))
		for _, b := range stripes {
			fill(g.x(b[0]), top, g.x(b[1]), top+plotH, hex(stripeHex))
		}
		px := int(g.x(s.Preperiod) + 0.5)
		for y := top; y < top+plotH; y++ {
			if (y-top)%7 < 4 { // dashed
				img.SetRGBA(px, y, hex(preHex))
			}
		}
	}
	fill(float64(g.left), top+plotH, float64(g.left+g.plotW), top+plotH+1, hex(axisHex))
	fill(float64(g.left), top, float64(g.left+1), top+plotH, hex(axisHex))
	for i, v := range s.Values {
		x0, x1 := g.mark(i, 1)
		fill(x0, g.y(v), x1, g.y(v)+markH, hex(markHex))
	}
	text := func(x, y int, anchor string, s string) {
		d := &font.Drawer{Dst: img, Src: &image.Uniform{hex(textHex)}, Face: basicfont.Face7x13}
		adv := d.MeasureString(s).Round()
		switch anchor {
		case "end":
			x -= adv
		case "middle":
			x -= adv / 2
		}
		d.Dot = fixed.P(x, y)
		d.DrawString(s)
	}
	for _, l := range s.labels(g) {
		text(l.x, l.y, l.anchor, asciiOnly(l.text))
	}
	return png.Encode(w, img)
}

// asciiOnly replaces what the bitmap font cannot draw.
func asciiOnly(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		switch r {
		case '—':
			r = '-'
		case '…':
			r = '~'
		}
		if r < 0x20 || r > 0x7e {
			r = '?'
		}
		out = append(out, r)
	}
	return string(out)
}

// hex parses "#rrggbb".
func hex(s string) color.RGBA {
	v, _ := strconv.ParseUint(s[1:], 16, 32)
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}
