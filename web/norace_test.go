//go:build !race

package web

// raceBuild reports a test binary built with the race detector, whose processes start and run
// several times slower: tests that time a worker process give it more room.
const raceBuild = false
