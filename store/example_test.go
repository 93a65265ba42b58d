package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"grundy/store"
)

func Example() {
	dir, err := os.MkdirTemp("", "catalogue")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	db, err := store.Open(filepath.Join(dir, "catalogue.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	ctx := context.Background()
	// Kayles: period 12 from heap 71, proved by the octal periodicity theorem.
	kayles := store.Record{Code: "0.77", ComputedTo: 167, Period: 12, Preperiod: 71, Proved: true, MaxValue: 8, Method: "quadratic"}
	wrote, _ := db.Save(ctx, kayles)
	fmt.Println("saved:", wrote)
	// A row computed less far and unproved does not replace it.
	wrote, _ = db.Save(ctx, store.Record{Code: "0.77", ComputedTo: 100, Method: "quadratic"})
	fmt.Println("saved the weaker row:", wrote)
	r, ok, _ := db.Get(ctx, "0.77")
	fmt.Println(ok, r.Code, r.Period, r.Preperiod, r.Proved)
	// Output:
	// saved: true
	// saved the weaker row: false
	// true 0.77 12 71 true
}
