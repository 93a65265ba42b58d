//go:build !unix

package regfile

import "os"

// Create creates or truncates path for writing, as os.Create does.
func Create(path string) (*os.File, error) {
	return os.Create(path)
}
