package picture

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

func grid(n int) [][]uint64 {
	rows := make([][]uint64, n)
	for y := range rows {
		rows[y] = make([]uint64, n)
		for x := range rows[y] {
			rows[y][x] = uint64(x ^ y)
		}
	}
	return rows
}

func TestColorScale(t *testing.T) {
	if Color(0, 10) != palette[0] || Color(10, 10) != palette[len(palette)-1] || Color(99, 10) != palette[len(palette)-1] {
		t.Fatal("scale ends")
	}
	if Color(5, 0) != palette[0] {
		t.Fatal("top 0")
	}
	// Distinct values get distinct colours on a small scale, and the ends of 2^64−1 work.
	seen := map[color.RGBA]bool{}
	for v := range uint64(16) {
		seen[Color(v, 15)] = true
	}
	if len(seen) != 16 {
		t.Fatalf("%d distinct colours for 16 values", len(seen))
	}
	if Color(1<<64-1, 1<<64-1) != palette[len(palette)-1] {
		t.Fatal("top of uint64")
	}
}

func TestPNG(t *testing.T) {
	h := &Heatmap{Rows: grid(16), Cell: 3}
	var buf bytes.Buffer
	if err := h.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 48 || b.Dy() != 48 {
		t.Fatalf("size %v", b)
	}
	// Cell (x=5, y=2) holds 7: every pixel of it has that colour.
	want := Color(7, 15)
	for py := 6; py < 9; py++ {
		for px := 15; px < 18; px++ {
			r, g, b, _ := img.At(px, py).RGBA()
			if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(b>>8) != want.B {
				t.Fatalf("pixel (%d,%d) = %v, want %v", px, py, img.At(px, py), want)
			}
		}
	}
}

func TestSVG(t *testing.T) {
	h := &Heatmap{Rows: grid(4), Title: "a<b & c", Label: func(x, y int, v uint64) string { return "<" + string(rune('0'+v)) + ">" }}
	var buf bytes.Buffer
	if err := h.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	if strings.Count(s, "<rect ") != 16 || !strings.Contains(s, "a&lt;b &amp; c") {
		t.Fatalf("svg: %s", s)
	}
	// Well-formed XML.
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		if _, err := dec.Token(); err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("not XML: %v", err)
		}
	}
}

func TestBadHeatmaps(t *testing.T) {
	var buf bytes.Buffer
	for name, h := range map[string]*Heatmap{
		"empty":    {},
		"ragged":   {Rows: [][]uint64{{1, 2}, {3}}},
		"toolarge": {Rows: grid(10), Cell: MaxPixels},
	} {
		if err := h.WritePNG(&buf); err == nil {
			t.Errorf("%s: WritePNG accepted it", name)
		}
		if err := h.WriteSVG(&buf); err == nil {
			t.Errorf("%s: WriteSVG accepted it", name)
		}
	}
}
