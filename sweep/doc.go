// Package sweep runs octal computations in bulk and keeps their results: [Scan] computes every
// code matching a pattern on all cores, [Partition] splits such a sweep into shards of about
// equal estimated cost (the same split in every process, so shards of a Slurm array or a
// Kubernetes Indexed Job together compute each code once; [ShardFromEnv] and [ShardSpec] read a
// process's shard from its scheduler's environment), and [Catalogue] lists what was stored.
//
// It is the one package that opens the catalogue database (package store: SQLite, or a
// PostgreSQL server shared by the shards of a sweep): a [Saver] stores single results for
// `grundy octal CODE --save` through query.Octal, and [Scan] with Save stores each code's row and
// skips the codes already stored far enough. Package web does not import sweep: `go list -deps ./web`
// names no database driver.
//
// Like query's, its answering functions return *query.Error values classified by kind, so that
// the command line gives them the same exit statuses.
package sweep
