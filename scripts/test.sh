#!/usr/bin/env bash
# The whole test suite: installs what the tests need, then checks formatting, vets, and runs every
# test with the race detector. README.md names this script (through `make test`); .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests (package web) drive Debian's Chromium; install it when it is missing. Without root
# (or apt) the tests skip outside CI and fail in CI, saying why.
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing chromium (for the browser tests)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq chromium >/dev/null
  else
    echo "== chromium is missing and cannot be installed here (not root or no apt-get)"
  fi
fi

# The store's tests start a throwaway PostgreSQL server (initdb + postgres in a temporary directory,
# as an unprivileged user); install Debian's postgresql when it is missing. Without it they skip
# outside CI and fail in CI, saying why.
if ! command -v initdb >/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing postgresql (for the store's tests)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  else
    echo "== postgresql is missing and cannot be installed here (not root or no apt-get)"
  fi
fi

# scripts/test-slurm.sh runs deploy/slurm/sweep.sbatch on a one-node Slurm cluster; install
# Debian's slurm-wlm and munge when they are missing (about 6 s after apt-get update).
if ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing slurm-wlm and munge (for the Slurm end-to-end test)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
  else
    echo "== slurm-wlm/munge are missing and cannot be installed here (not root or no apt-get)"
  fi
fi

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

# staticcheck (honnef.co/go/tools), pinned; fetched through the Go module proxy on first use.
echo "== staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

# The static site's engine (grundy site) is grundy built for the browser: the engine and request
# layer must build for js/wasm (and so away from Linux), with no worker processes or databases.
echo "== GOOS=js GOARCH=wasm go build + vet (the engine of the static site)"
GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o /dev/null ./cmd/grundy-site
GOOS=js GOARCH=wasm go vet ./cmd/grundy-site ./web/offline
if GOOS=js GOARCH=wasm go list -deps ./cmd/grundy-site | grep -E 'sqlite|pgx|grundy/internal/worker|net/http$'; then
  echo "the WebAssembly engine links the packages above, which it must not"; exit 1
fi
# Under WebAssembly one goroutine runs at a time and a busy one is never preempted: a script's
# time and memory budgets hold there only through the Starlark thread's own checks. Run the budget
# tests in Node (about 30 s, most of it linking) where Node is installed.
if command -v node >/dev/null; then
  echo "== GOOS=js GOARCH=wasm go test ./script (the script budgets, in Node)"
  PATH="$PATH:$(go env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm go test -count=1 -run 'TestBudgets|TestMemoryBudget|TestCancelledWithoutGoroutines|TestContextDeadline' ./script
fi

echo "== go test -tags purego (the portable nim-field and octal code through its own build path)"
go test -count=1 -tags purego ./nimber
go test -count=1 -short -tags purego ./octal

echo "== go test -rules.full (the range sweeps of package rules at every edge, without the race detector)"
go test -count=1 -run 'TestTopOfRange|TestRandomLargePositions' ./rules -rules.full

# Single-threaded sweeps that the race run shrinks or skips (raceEnabled, set by the race build tag
# in each package's tests), at full size without the race detector, which has nothing to watch in
# them.
echo "== go test (full-size sweeps, without the race detector)"
go test -count=1 ./misere
go test -count=1 ./octal   # the vector kernels' full-size checks (checked blocks, speculation, window): about 2 min
go test -count=1 ./game    # the 40×90 keyed grid and the ten-million-position chains
go test -count=1 ./guess   # the full-size libraries and identities, and the bounds in CPU time
# The server's memory bound against clients that never read their answers, measured in resident
# memory, which the race detector's shadow memory would swell.
go test -count=1 -run '^TestSlowReaders$' ./web
# The command line's memory bounds under `ulimit -v` and in resident memory (which the race
# detector's runtime and shadow memory swell), which the race run skips or loosens.
go test -count=1 -run '^(TestDefaultMaxMemoryUnderUlimit|TestMemoryBoundOvershoot|TestBoundsHoldOutOfProcess)$' ./cmd/grundy

echo "== go test -race"
go test -race -count=1 -timeout 20m ./...

echo "== Slurm end to end (deploy/slurm/sweep.sbatch as a job array)"
./scripts/test-slurm.sh

# The Python package and the example notebook (installs Debian's python3 packages when missing).
./scripts/test-python.sh
