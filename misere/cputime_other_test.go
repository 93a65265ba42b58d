//go:build !unix

package misere

import "time"

// cpuTime is 0 where getrusage is not at hand (the benchmark's cpu-ms/op is then 0).
func cpuTime() time.Duration { return 0 }
