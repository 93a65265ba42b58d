# `make test` is the whole test suite (what CI runs); `make bench` the benchmarks of BENCHMARKS.md.
.PHONY: test bench build site bench-octal octal-long

test:
	./scripts/test.sh

build:
	go build -o bin/grundy ./cmd/grundy

# The page as a static site in DIR, for any static file server (no grundy process): grundy built
# for the browser (WebAssembly) with the Go toolchain, beside the page (cmd/grundy-site).
DIR ?= site
site:
	go run ./cmd/grundy-site $(DIR)

bench:
	go test -run '^$$' -bench . -benchmem ./...

# The octal-game figures of BENCHMARKS.md, including the long run (0.1777 proved from scratch:
# ~443 million heaps, ~0.9 GB; minutes, not for CI).
bench-octal:
	go test -run '^$$' -bench 'Octal' -benchtime 1x -count 3 -timeout 2h ./octal -octal.long

# A long octal run, outside CI: nice'd, with a progress line, saving a checkpoint every minute and
# going on from it when it exists (Ctrl-C or SIGTERM saves it; the same command resumes). ARGS
# passes more flags (--json, --max-memory 6G, --checkpoint-every 5m …). For example
#   make octal-long GAME=0.6 TO=16777215
#   make octal-long GAME=grundy TO=4294967295 ARGS='--json --max-memory 6G'
GAME ?= 0.6
TO ?= 16777215
CKPT ?= octal-$(GAME)-$(TO).ckpt
octal-long: build
	nice -n 10 ./bin/grundy octal $(GAME) --to $(TO) --summary --progress --checkpoint $(CKPT) \
		$(if $(wildcard $(CKPT)),--resume $(CKPT)) $(ARGS)
