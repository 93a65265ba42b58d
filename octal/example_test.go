package octal_test

import (
	"context"
	"fmt"

	"grundy/octal"
)

func ExampleCompute() {
	kayles, err := octal.Parse(".77")
	if err != nil {
		panic(err)
	}
	res, err := octal.Compute(context.Background(), kayles, octal.Options{To: 1000})
	if err != nil {
		panic(err)
	}
	g, _ := res.Value(1000) // beyond what was computed: the proved period supplies it
	fmt.Println("period", res.Period, "preperiod", res.Preperiod, "proved", res.Proved)
	fmt.Println("computed to", res.ComputedTo, "g(1000) =", g)
	// Output:
	// period 12 preperiod 71 proved true
	// computed to 167 g(1000) = 1
}

func ExampleParse() {
	for _, s := range []string{".07", "4.7", "x0.8", "grundy", "0.8"} {
		c, err := octal.Parse(s)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(c, c.MaxHeaps())
	}
	// Output:
	// 0.07 2
	// 4.7 2
	// x0.8 3
	// grundy 2
	// error: code "0.8": digit d1 = 8 is not octal (0–7); hexadecimal codes start with x, as in x0.8
}

func ExampleValues() {
	g, err := octal.Values(context.Background(), octal.GrundysGame(), 12)
	if err != nil {
		panic(err)
	}
	fmt.Println(g)
	// Output:
	// [0 0 0 1 0 2 1 0 2 1 0 2 1]
}

func ExampleResult_Statistics() {
	// Grundy's game to heap 2^17−1, the figures of T. Czajka's table: the 1274 rare heaps (heap 0
	// included) all lie at or below heap 82860.
	res, err := octal.Compute(context.Background(), octal.GrundysGame(), octal.Options{To: 1<<17 - 1})
	if err != nil {
		panic(err)
	}
	st := res.Statistics()
	fmt.Printf("heaps %d, largest %d at %d, rare mask %x, %d rare, last rare %d\n",
		st.Heaps, st.Largest, st.LargestAt, st.RareMask, st.Rare, st.LastRare)
	// Output:
	// heaps 131072, largest 230 at 45668, rare mask fe, 1274 rare, last rare 82860
}

// CheckWritable refuses a checkpoint path that could not be saved, before hours of computation.
func ExampleCheckWritable() {
	err := octal.CheckWritable("/nonexistent/c.ckpt")
	fmt.Println(err != nil)
	// Output: true
}
