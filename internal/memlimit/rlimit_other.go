//go:build !unix

package memlimit

// addressLimit returns the address-space limit in bytes: none known here.
func addressLimit() uint64 { return 0 }
