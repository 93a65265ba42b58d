# `make test` is the whole test suite (what CI runs); `make bench` the benchmarks of BENCHMARKS.md.
.PHONY: test bench build bench-octal

test:
	./scripts/test.sh

build:
	go build -o bin/grundy ./cmd/grundy

bench:
	go test -run '^$$' -bench . -benchmem ./...

# The octal-game figures of BENCHMARKS.md, including the long run (0.1777 proved from scratch:
# ~443 million heaps, ~0.9 GB; minutes, not for CI).
bench-octal:
	go test -run '^$$' -bench 'Octal' -benchtime 1x -count 3 -timeout 2h ./octal -octal.long
