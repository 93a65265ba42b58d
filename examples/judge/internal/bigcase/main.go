// Command bigcase writes a worst-case input (at the judge's limits) for one judge problem to
// standard output, for timing the programs by hand:
//
//	go run ./examples/judge/internal/bigcase nimproduct64 > /tmp/np.in
//	go build -o /tmp/np ./examples/judge/nimproduct64 && time /tmp/np < /tmp/np.in > /dev/null
//
// The inputs are random with a fixed seed, so every run writes the same file.
package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
)

var gens = map[string]func(w io.Writer, r *rand.Rand){
	"p2197": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 10)
		for t := 0; t < 10; t++ {
			fmt.Fprintln(w, 10000)
			line(w, 10000, func(int) uint64 { return r.Uint64N(10000) })
		}
	},
	"p4279": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 500)
		for t := 0; t < 500; t++ {
			fmt.Fprintln(w, 50)
			line(w, 50, func(int) uint64 { return 1 + r.Uint64N(5000) })
		}
	},
	"p4301": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 100)
		line(w, 100, func(int) uint64 { return 1 + r.Uint64N(1e9) })
	},
	"p3185": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 10)
		for t := 0; t < 10; t++ {
			fmt.Fprintln(w, 21)
			line(w, 21, func(int) uint64 { return r.Uint64N(10001) })
		}
	},
	"p1857": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 10)
		for t := 0; t < 10; t++ {
			fmt.Fprintln(w, 20000-r.IntN(50))
		}
	},
	"p4363": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, "10 10")
		for i := 0; i < 20; i++ {
			line(w, 10, func(int) uint64 { return r.Uint64N(100001) })
		}
	},
	"p2490": func(w io.Writer, r *rand.Rand) { fmt.Fprintln(w, "10000 100 1") },
	"p5363": func(w io.Writer, r *rand.Rand) { fmt.Fprintln(w, "150000 50") },
	"p4077": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 100)
		for t := 0; t < 100; t++ {
			fmt.Fprintln(w, 30000, 20)
			line(w, 30000, func(int) uint64 { return r.Uint64N(2) })
		}
	},
	"hdu3404": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 100)
		for t := 0; t < 100; t++ {
			fmt.Fprintln(w, 1000)
			seen := map[[2]uint64]bool{}
			for len(seen) < 1000 {
				c := [2]uint64{1 + r.Uint64N(10000), 1 + r.Uint64N(10000)}
				if !seen[c] {
					seen[c] = true
					fmt.Fprintln(w, c[0], c[1])
				}
			}
		}
	},
	"hdu1848": func(w io.Writer, r *rand.Rand) {
		for t := 0; t < 100000; t++ {
			fmt.Fprintln(w, 1+r.IntN(1000), 1+r.IntN(1000), 1+r.IntN(1000))
		}
		fmt.Fprintln(w, "0 0 0")
	},
	"hdu1536": func(w io.Writer, r *rand.Rand) {
		for t := 0; t < 100; t++ {
			fmt.Fprint(w, "100 ")
			line(w, 100, func(int) uint64 { return 1 + r.Uint64N(10000) })
			fmt.Fprintln(w, 100)
			for m := 0; m < 100; m++ {
				fmt.Fprint(w, "100 ")
				line(w, 100, func(int) uint64 { return r.Uint64N(10001) })
			}
		}
		fmt.Fprintln(w, 0)
	},
	"hdu3949": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 30)
		for t := 0; t < 30; t++ {
			fmt.Fprintln(w, 10000)
			line(w, 10000, func(int) uint64 { return 1 + r.Uint64N(1e18) })
			fmt.Fprintln(w, 10000)
			line(w, 10000, func(int) uint64 { return 1 + r.Uint64N(1e18) })
		}
	},
	"cf1310f": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 100)
		for t := 0; t < 100; t++ {
			fmt.Fprintln(w, 1+r.Uint64N(1<<64-1), 1+r.Uint64N(1<<64-1))
		}
	},
	"nimproduct64": func(w io.Writer, r *rand.Rand) {
		fmt.Fprintln(w, 1000000)
		for t := 0; t < 1000000; t++ {
			fmt.Fprintln(w, r.Uint64(), r.Uint64())
		}
	},
}

func line(w io.Writer, n int, f func(int) uint64) {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprint(f(i))
	}
	fmt.Fprintln(w, strings.Join(s, " "))
}

func main() {
	if len(os.Args) != 2 || gens[os.Args[1]] == nil {
		names := make([]string, 0, len(gens))
		for n := range gens {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(os.Stderr, "usage: bigcase NAME (one of %s)\n", strings.Join(names, " "))
		os.Exit(2)
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	gens[os.Args[1]](w, rand.New(rand.NewPCG(1310, 3949)))
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "bigcase:", err)
		os.Exit(1)
	}
}
