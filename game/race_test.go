//go:build race

package game

// raceEnabled is true when the tests run under the race detector, which multiplies the memory of
// the ten-million-position tests several times; they then use a million positions.
const raceEnabled = true
