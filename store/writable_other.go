//go:build !unix

package store

// notWritable says why this process cannot write path, or "" when it can (or cannot tell: here,
// it cannot).
func notWritable(string) string { return "" }

// onReadOnlyFS reports whether path lies on a file system mounted read-only (here: unknown, so
// false).
func onReadOnlyFS(string) bool { return false }
