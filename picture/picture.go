// Package picture draws tables of numbers as colour heatmaps, in PNG or SVG, for the command line
// and the web page alike. It writes to an io.Writer and never touches files itself.
//
// A Heatmap is a rectangular grid of unsigned values; each cell is a square coloured by its value on a
// perceptually ordered scale from dark violet (0) through blue and green to yellow (the maximum).
package picture

import (
	"bufio"
	"errors"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/png"
	"io"
)

// MaxPixels is the largest picture side, in pixels, that WritePNG and WriteSVG draw.
const MaxPixels = 8192

// Heatmap is a grid of values to draw. Rows[y][x] is the value in row y, column x; all rows must have
// the same, nonzero length.
type Heatmap struct {
	Rows [][]uint64
	// Cell is the side of one cell in pixels; 0 picks one so the picture is about 512 pixels wide
	// (at least 1 pixel a cell).
	Cell int
	// Max is the value drawn in the top colour; 0 means the largest value in Rows.
	Max uint64
	// Title is the SVG document's title (optional; PNG ignores it).
	Title string
	// Label, if set, gives each SVG cell a tooltip, for example "3⊗5 = 15".
	Label func(x, y int, v uint64) string
}

// check validates the grid and returns its size, the cell side and the colour scale top.
func (h *Heatmap) check() (w, ht, cell int, top uint64, err error) {
	ht = len(h.Rows)
	if ht == 0 || len(h.Rows[0]) == 0 {
		return 0, 0, 0, 0, errors.New("picture: empty heatmap")
	}
	w = len(h.Rows[0])
	for y, r := range h.Rows {
		if len(r) != w {
			return 0, 0, 0, 0, fmt.Errorf("picture: row %d has %d values, row 0 has %d", y, len(r), w)
		}
		for _, v := range r {
			top = max(top, v)
		}
	}
	if h.Max != 0 {
		top = h.Max
	}
	cell = h.Cell
	if cell <= 0 {
		cell = max(1, 512/max(w, ht))
	}
	if w*cell > MaxPixels || ht*cell > MaxPixels {
		return 0, 0, 0, 0, fmt.Errorf("picture: %d×%d cells of %d pixels exceed the limit of %d pixels a side", w, ht, cell, MaxPixels)
	}
	return w, ht, cell, top, nil
}

// WritePNG draws the heatmap as a PNG image.
func (h *Heatmap) WritePNG(w io.Writer) error {
	cols, rows, cell, top, err := h.check()
	if err != nil {
		return err
	}
	img := image.NewRGBA(image.Rect(0, 0, cols*cell, rows*cell))
	for y, r := range h.Rows {
		for x, v := range r {
			c := Color(v, top)
			for py := y * cell; py < (y+1)*cell; py++ {
				for px := x * cell; px < (x+1)*cell; px++ {
					img.SetRGBA(px, py, c)
				}
			}
		}
	}
	return png.Encode(w, img)
}

// WriteSVG draws the heatmap as an SVG document, one rectangle a cell.
func (h *Heatmap) WriteSVG(w io.Writer) error {
	cols, rows, cell, top, err := h.check()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" shape-rendering="crispEdges">`+"\n",
		cols*cell, rows*cell, cols*cell, rows*cell)
	if h.Title != "" {
		fmt.Fprintf(bw, "<title>%s</title>\n", html.EscapeString(h.Title))
	}
	for y, r := range h.Rows {
		for x, v := range r {
			c := Color(v, top)
			fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="#%02x%02x%02x"`, x*cell, y*cell, cell, cell, c.R, c.G, c.B)
			if h.Label != nil {
				fmt.Fprintf(bw, "><title>%s</title></rect>\n", html.EscapeString(h.Label(x, y, v)))
			} else {
				bw.WriteString("/>\n")
			}
		}
	}
	bw.WriteString("</svg>\n")
	return bw.Flush()
}

// palette holds the stops of the colour scale, from 0 to the top value (close to the viridis map).
var palette = [...]color.RGBA{
	{68, 1, 84, 255},
	{59, 82, 139, 255},
	{33, 145, 140, 255},
	{94, 201, 98, 255},
	{253, 231, 37, 255},
}

// Color returns the colour of value v on the scale whose top colour is reached at top; values above
// top get the top colour, and top = 0 draws everything in the bottom colour.
func Color(v, top uint64) color.RGBA {
	if top == 0 {
		return palette[0]
	}
	v = min(v, top)
	// Position along the scale in units of 1/(1<<16) of the whole, computed without overflow.
	t := uint64(float64(v) / float64(top) * float64(len(palette)-1) * 65536)
	i := t >> 16
	if i >= uint64(len(palette)-1) {
		return palette[len(palette)-1]
	}
	f := t & 0xffff
	a, b := palette[i], palette[i+1]
	mix := func(x, y uint8) uint8 { return uint8((uint64(x)*(65536-f) + uint64(y)*f) >> 16) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}
