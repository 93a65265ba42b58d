package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"grundy/internal/regfile"
	"grundy/plot"
	"grundy/query"
	"grundy/report"
)

// seqPlot writes the picture of a sequence answer to the file named by --plot, if given: SVG or
// PNG by the file name's extension (the web page draws the same plot).
func (a *app) seqPlot(g gameArgs, title string, res any) error {
	file, ok := g.Own["plot"]
	if !ok {
		return nil
	}
	var s report.Seq
	var saltus uint64
	switch v := res.(type) {
	case report.Seq:
		s = v
	case query.SeqReport:
		s = v.Seq
		if v.Saltus != nil {
			saltus = *v.Saltus
		}
	default:
		return internalf("--plot: no plot for an answer of type %T", res)
	}
	if s.Values == nil {
		return badInput("--plot needs the values: leave out --summary")
	}
	p := &plot.Sequence{Values: s.Values, Proved: s.Proved, Title: title, Saltus: saltus}
	if s.Period != nil && s.Preperiod != nil {
		p.Period, p.Preperiod = *s.Period, *s.Preperiod
	}
	write := p.WriteSVG
	switch strings.ToLower(filepath.Ext(file)) {
	case ".svg":
	case ".png":
		write = p.WritePNG
	default:
		return badInput("--plot %q: the file name must end in .svg or .png", file)
	}
	f, err := regfile.Create(file)
	if err != nil {
		return badInput("--plot: %v", err)
	}
	if err := write(f); err != nil {
		f.Close()
		return badInput("--plot: %v", err)
	}
	if err := f.Close(); err != nil {
		return internalf("writing %s: %v", file, err)
	}
	// Say what was written, as nim table --png does; on stderr, since stdout holds the answer.
	fmt.Fprintf(a.stderr, "grundy: wrote the plot of g(0..%d) to %s\n", len(s.Values)-1, file)
	return nil
}
