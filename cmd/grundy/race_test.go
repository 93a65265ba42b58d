//go:build race

package main

// raceEnabled is true when the tests run under the race detector, whose bookkeeping multiplies
// the memory and time of a search: a worker's own bounds may then come before the search's.
const raceEnabled = true
