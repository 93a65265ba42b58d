package memlimit

// Budget returns the default memory budget of a long computation (octal's --max-memory): 3/4 of
// what this process can take ([Available]), or 2 GiB where that is unknown, and says which bound
// it comes from.
func Budget() (bytes int64, source string) {
	if b, source, ok := Available(); ok {
		return int64(min(b, 1<<62) / 4 * 3), "3/4 of " + source
	}
	return 2 << 30, "2 GiB, the available memory being unknown"
}
