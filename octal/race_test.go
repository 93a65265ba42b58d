//go:build race

package octal

const raceEnabled = true
