package game

import (
	"math/rand/v2"
	"testing"

	"grundy/internal/refdata"
)

// naivePeriod is ApparentPeriod from the definition, trying every p and t.
func naivePeriod(v []uint64) (int, int, bool) {
	n := len(v)
	for p := 1; 3*p <= n; p++ {
		for t := 0; n-t >= 3*p; t++ {
			good := true
			for i := t; i+p < n; i++ {
				if v[i] != v[i+p] {
					good = false
					break
				}
			}
			if good {
				return p, t, true
			}
		}
	}
	return 0, 0, false
}

func TestApparentPeriod(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 3000 {
		n := r.IntN(60)
		v := make([]uint64, n)
		pre, per := r.IntN(10), 1+r.IntN(8)
		for i := range v {
			if i < pre+per {
				v[i] = uint64(r.IntN(4))
			} else {
				v[i] = v[i-per]
			}
		}
		if r.IntN(4) == 0 && n > 0 {
			v[r.IntN(n)] = 9
		}
		p, tt, ok := ApparentPeriod(v)
		wp, wt, wok := naivePeriod(v)
		if p != wp || tt != wt || ok != wok {
			t.Fatalf("%v: got %d,%d,%v want %d,%d,%v", v, p, tt, ok, wp, wt, wok)
		}
	}
}

func TestKaylesPeriod(t *testing.T) {
	// Kayles is periodic with period 12 from n = 71 (A002186's comment). Its values up to 250 from
	// the solver (which TestSolverKaylesSplit checks against A002186) show it.
	s := NewSolver[string](kayles{split: true})
	var v []uint64
	row := ""
	for n := 0; n <= 250; n++ {
		x, err := s.Value(row)
		if err != nil {
			t.Fatal(err)
		}
		v = append(v, x)
		row += "x"
	}
	p, pre, ok := ApparentPeriod(v)
	if !ok || p != 12 || pre != 71 {
		t.Fatalf("Kayles: period %d preperiod %d ok %v", p, pre, ok)
	}
	if terms := refdata.Sequence(t, "A002186.txt"); terms[70].Value == terms[82].Value {
		t.Fatalf("A002186: a(70) = a(82), so the preperiod would be below 71")
	}
}
