//go:build !race

package worker

// raceEnabled reports a build with the race detector, whose runtime reserves terabytes of address
// space: such a worker cannot take an address-space limit.
const raceEnabled = false
