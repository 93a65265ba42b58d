package sweep

import (
	"testing"

	"grundy/internal/pgtest"
)

// pg is the throwaway PostgreSQL server of this package's catalogue tests, started on first use.
var pg pgtest.Lazy

func TestMain(m *testing.M) { pg.Main(m) }
