package guess

import (
	"context"
	"os"
	"testing"
	"time"
)

func TestZZDebug(t *testing.T) {
	t0 := time.Now()
	lib, err := NewLibrary(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("library: %d entries, %d keys, %v", lib.Len(), len(lib.index), time.Since(t0))
	for _, name := range []string{"nim", "ruler", "mock-turtles", "lasker", "split-nim", "kayles"} {
		g := rulesetSeq(t, name, nil, 300)
		r, _ := Sequence(context.Background(), g, Options{Name: name, Library: lib})
		r.WriteText(os.Stdout)
	}
	g := mexSeq([]int{2, 5, 6}, 300)
	r, _ := Sequence(context.Background(), g, Options{Name: "2,5,6", Library: lib})
	r.WriteText(os.Stdout)
	g, _, _ = codeValues("0.07", 1000)
	r, _ = Sequence(context.Background(), g[1:], Options{Name: "0.07 shifted", Library: lib})
	r.WriteText(os.Stdout)
	var sq []int
	for i := 1; i*i <= 2000; i++ {
		sq = append(sq, i*i)
	}
	r, _ = Sequence(context.Background(), mexSeq(sq, 2000), Options{Name: "squares", Library: lib})
	r.WriteText(os.Stdout)
}
