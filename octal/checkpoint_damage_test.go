package octal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// damagedLength is a checkpoint of 0.6 whose header is valid but claims width bytes per value
// and count values, followed by only 100 bytes of values (147 bytes in all for width 4).
func damagedLength(width uint32, count uint64) []byte {
	b := []byte(checkpointMagic)
	b = binary.LittleEndian.AppendUint32(b, checkpointVersion)
	b = binary.LittleEndian.AppendUint32(b, 3)
	b = append(b, "0.6"...)
	b = binary.LittleEndian.AppendUint32(b, width)
	b = binary.LittleEndian.AppendUint64(b, count)
	return append(b, make([]byte, 100)...)
}

// TestDamagedLength: a header claiming 8·10⁹ four-byte values in a file of 147 bytes is refused
// as damaged without allocating for the claim, both from a file (whose size gives it away) and
// from a stream (which is read in pieces, memory growing only with what actually arrives).
func TestDamagedLength(t *testing.T) {
	for _, width := range []uint32{1, 2, 4} {
		bad := damagedLength(width, 8_000_000_000)
		path := filepath.Join(t.TempDir(), "f.ckpt")
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := LoadFile(path, 0)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrBadCheckpoint) || !strings.Contains(err.Error(), "bytes") {
			t.Errorf("width %d: loading a file whose length is damaged: %v", width, err)
		}
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 16<<20 {
			t.Errorf("width %d: loading the damaged file allocated %d bytes", width, grown)
		}
		runtime.ReadMemStats(&before)
		_, err = ReadCheckpoint(bytes.NewReader(bad), 0)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, ErrBadCheckpoint) {
			t.Fatalf("width %d: reading a damaged stream: %v", width, err)
		}
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 16<<20 {
			t.Errorf("width %d: reading the damaged stream allocated %d bytes", width, grown)
		}
	}
}
