package clib

import "testing"

func BenchmarkRunSolve(b *testing.B) {
	l := New()
	body := []byte(`{"ruleset":"nim","position":["3","4","5"]}`)
	for b.Loop() {
		id := l.Begin()
		l.Run(id, "solve", body, Options{})
		l.End(id)
	}
}

func BenchmarkLimits(b *testing.B) {
	for b.Loop() {
		Limits("solve", Options{})
	}
}
