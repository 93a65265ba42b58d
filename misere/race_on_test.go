//go:build race

package misere

const raceEnabled = true
