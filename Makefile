# `make test` is the whole test suite (what CI runs); `make bench` the benchmarks of BENCHMARKS.md.
.PHONY: test bench build

test:
	./scripts/test.sh

build:
	go build -o bin/grundy ./cmd/grundy

bench:
	go test -run '^$$' -bench . -benchmem ./...
