//go:build race

package rules

// raceEnabled is set when the tests run under the race detector (ten times slower): the range
// tests then take fewer positions.
const raceEnabled = true
