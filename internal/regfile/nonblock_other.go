//go:build !unix

package regfile

// openNonblock is 0 where the system has no non-blocking open (Windows, WebAssembly): there Open
// still refuses what is not a regular file once it is open.
const openNonblock = 0
