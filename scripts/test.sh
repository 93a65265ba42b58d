#!/usr/bin/env bash
# The whole test suite: installs what the tests need, then checks formatting, vets, and runs every
# test with the race detector. README.md names this script (through `make test`); .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== go test -race"
go test -race -count=1 -timeout 20m ./...
