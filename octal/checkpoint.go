package octal

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"

	"grundy/internal/regfile"
)

// Checkpoint is the state of a computation: the code and the values g(0..Len()−1). Compute
// resumes from one (Options.Resume) and hands them out while it runs (Options.Save).
//
// On disk (WriteTo, ReadCheckpoint) a checkpoint is:
//
//	"grundy-octal-checkpoint\n"  magic
//	uint32 version (1)
//	uint32 length of the code, then the code as Code.String writes it
//	uint32 bytes per value (1, 2 or 4: the width Compute stored them in; earlier versions wrote 2 or 4)
//	uint64 number of values
//	the values, little-endian
//	uint32 CRC-32C of everything above
//
// All integers are little-endian.
type Checkpoint struct {
	Code Code
	v8   []uint8 // one of v8, v16, v32, p holds the values
	v16  []uint16
	v32  []uint32
	p    *packed // values below 2^16, packed (a file's two-byte values, a windowed run's)
}

const checkpointMagic = "grundy-octal-checkpoint\n"

const checkpointVersion = 1

// Len returns the number of values held: g(0..Len()−1).
func (c *Checkpoint) Len() int {
	switch {
	case c.v8 != nil:
		return len(c.v8)
	case c.v32 != nil:
		return len(c.v32)
	case c.p != nil:
		return c.p.Len()
	}
	return len(c.v16)
}

// width returns the bytes per value the checkpoint's values need: 1, 2 or 4.
func (c *Checkpoint) width() int {
	top := uint32(0)
	switch {
	case c.v8 != nil:
		return 1
	case c.p != nil:
		top = c.p.top() - 1
	case c.v16 != nil:
		for _, v := range c.v16 {
			top = max(top, uint32(v))
		}
	default:
		for _, v := range c.v32 {
			top = max(top, v)
		}
	}
	switch {
	case top < 1<<8:
		return 1
	case top < 1<<16:
		return 2
	}
	return 4
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

type crcWriter struct {
	w   io.Writer
	crc uint32
	n   int64
}

func (c *crcWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.crc = crc32.Update(c.crc, castagnoli, p[:n])
	c.n += int64(n)
	return n, err
}

// WriteTo writes the checkpoint in the format described on Checkpoint.
func (c *Checkpoint) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	cw := &crcWriter{w: bw}
	code := c.Code.String()
	width := 2
	switch {
	case c.v8 != nil, c.p != nil && c.p.top() <= 1<<8:
		width = 1
	case c.v32 != nil:
		width = 4
	}
	hdr := []byte(checkpointMagic)
	hdr = binary.LittleEndian.AppendUint32(hdr, checkpointVersion)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(code)))
	hdr = append(hdr, code...)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(width))
	hdr = binary.LittleEndian.AppendUint64(hdr, uint64(c.Len()))
	if _, err := cw.Write(hdr); err != nil {
		return cw.n, err
	}
	buf := make([]byte, 0, 1<<16)
	flush := func() error {
		_, err := cw.Write(buf)
		buf = buf[:0]
		return err
	}
	for v8 := c.v8; len(v8) > 0; { // bytes are written as they are
		k := min(len(v8), 1<<20)
		if _, err := cw.Write(v8[:k]); err != nil {
			return cw.n, err
		}
		v8 = v8[k:]
	}
	put16 := func(vals []uint16) error {
		for _, v := range vals {
			if width == 1 {
				buf = append(buf, byte(v))
			} else {
				buf = binary.LittleEndian.AppendUint16(buf, v)
			}
			if len(buf) == cap(buf) {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := put16(c.v16); err != nil {
		return cw.n, err
	}
	if c.p != nil {
		var err error
		c.p.chunks(0, c.p.Len(), func(_ int, v []uint16) bool {
			err = put16(v)
			return err == nil
		})
		if err != nil {
			return cw.n, err
		}
	}
	for _, v := range c.v32 {
		buf = binary.LittleEndian.AppendUint32(buf, v)
		if len(buf) == cap(buf) {
			if err := flush(); err != nil {
				return cw.n, err
			}
		}
	}
	if err := flush(); err != nil {
		return cw.n, err
	}
	if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, cw.crc)); err != nil {
		return cw.n, err
	}
	return cw.n + 4, bw.Flush()
}

// ErrBadCheckpoint is wrapped by the errors ReadCheckpoint returns for a damaged or foreign file.
var ErrBadCheckpoint = errors.New("not a valid octal checkpoint")

// ReadCheckpoint reads a checkpoint written by WriteTo, checking its version and checksum. It
// refuses more than maxValues values (0: no limit). A damaged length cannot exhaust memory: the
// values are held as they arrive, so memory grows with the bytes actually read, not the length
// claimed (LoadFile also checks the length against the file's size before reading any value).
func ReadCheckpoint(r io.Reader, maxValues int) (*Checkpoint, error) {
	return readCheckpoint(r, maxValues, -1)
}

// initialValues is the most values ReadCheckpoint allocates room for before reading them.
const initialValues = 1 << 20

// readCheckpoint is ReadCheckpoint for a reader of size bytes in all (-1: unknown).
func readCheckpoint(r io.Reader, maxValues int, size int64) (*Checkpoint, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	crc := uint32(0)
	var pos int64 // bytes read so far
	read := func(n int) ([]byte, error) {
		b := make([]byte, n)
		pos += int64(n)
		if _, err := io.ReadFull(br, b); err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, fmt.Errorf("%w: truncated", ErrBadCheckpoint)
			}
			return nil, err
		}
		crc = crc32.Update(crc, castagnoli, b)
		return b, nil
	}
	magic, err := read(len(checkpointMagic))
	if err != nil {
		return nil, err
	}
	if string(magic) != checkpointMagic {
		return nil, fmt.Errorf("%w: wrong magic", ErrBadCheckpoint)
	}
	b, err := read(8)
	if err != nil {
		return nil, err
	}
	if v := binary.LittleEndian.Uint32(b); v != checkpointVersion {
		return nil, fmt.Errorf("%w: version %d (this program reads version %d)", ErrBadCheckpoint, v, checkpointVersion)
	}
	codeLen := binary.LittleEndian.Uint32(b[4:])
	if codeLen > MaxDigits+8 {
		return nil, fmt.Errorf("%w: code length %d", ErrBadCheckpoint, codeLen)
	}
	codeBytes, err := read(int(codeLen))
	if err != nil {
		return nil, err
	}
	code, err := Parse(string(codeBytes))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadCheckpoint, err)
	}
	b, err = read(12)
	if err != nil {
		return nil, err
	}
	width := binary.LittleEndian.Uint32(b)
	count := binary.LittleEndian.Uint64(b[4:])
	if width != 1 && width != 2 && width != 4 {
		return nil, fmt.Errorf("%w: %d bytes per value", ErrBadCheckpoint, width)
	}
	if count == 0 || count > 1<<40 || maxValues > 0 && count > uint64(maxValues) {
		return nil, fmt.Errorf("%w: %d values (the limit is %d)", ErrBadCheckpoint, count, maxValues)
	}
	if want := pos + int64(count)*int64(width) + 4; size >= 0 && want != size {
		return nil, fmt.Errorf("%w: its header claims %d values of %d bytes, %d bytes in all, but the file has %d bytes",
			ErrBadCheckpoint, count, width, want, size)
	}
	cp := &Checkpoint{Code: code}
	buf := make([]byte, 1<<16)
	var vals []uint16
	switch width {
	case 1:
		cp.v8 = make([]uint8, 0, min(count, initialValues))
	case 2:
		// Two-byte values are kept packed (packed.go): a long run's checkpoint in about half
		// the memory, which a resumed run shares (window.go).
		cp.p = &packed{}
	default:
		cp.v32 = make([]uint32, 0, min(count, initialValues))
	}
	for left := int(count) * int(width); left > 0; {
		chunk := buf[:min(len(buf), left)]
		if _, err := io.ReadFull(br, chunk); err != nil {
			return nil, fmt.Errorf("%w: truncated values", ErrBadCheckpoint)
		}
		crc = crc32.Update(crc, castagnoli, chunk)
		left -= len(chunk)
		switch width {
		case 1:
			cp.v8 = append(cp.v8, chunk...)
		case 2:
			for i := 0; i < len(chunk); i += 2 {
				vals = append(vals, binary.LittleEndian.Uint16(chunk[i:]))
			}
			if len(vals) >= segLen || left == 0 { // whole segments, packed once
				cp.p.appendValues(vals)
				vals = vals[:0]
			}
		default:
			for i := 0; i < len(chunk); i += 4 {
				cp.v32 = append(cp.v32, binary.LittleEndian.Uint32(chunk[i:]))
			}
		}
	}
	tail := make([]byte, 4)
	if _, err := io.ReadFull(br, tail); err != nil {
		return nil, fmt.Errorf("%w: truncated checksum", ErrBadCheckpoint)
	}
	if binary.LittleEndian.Uint32(tail) != crc {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrBadCheckpoint)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%w: trailing data", ErrBadCheckpoint)
	}
	if g0 := cp.value(0); g0 != 0 {
		return nil, fmt.Errorf("%w: g(0) = %d", ErrBadCheckpoint, g0)
	}
	return cp, nil
}

func (c *Checkpoint) value(n int) uint32 {
	switch {
	case c.v8 != nil:
		return uint32(c.v8[n])
	case c.v32 != nil:
		return c.v32[n]
	case c.p != nil:
		return uint32(c.p.at(n))
	}
	return uint32(c.v16[n])
}

// SaveFile writes the checkpoint to path atomically: to the temporary file path+".tmp" in the same
// directory, synced, then renamed over path, so a crash leaves either the old file or the new one.
// The temporary name is always the same, so a save interrupted by a kill leaves at most one
// temporary file, which the next save reuses; temporary files of the older naming
// (path+".tmp" and digits) are removed. One process at a time saves to a given path.
func (c *Checkpoint) SaveFile(path string) error {
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = c.WriteTo(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	removeStaleTemps(path)
	return nil
}

// removeStaleTemps removes path+".tmp" followed by digits: the temporary files of earlier
// versions, which used a fresh name at each save and left one behind at each kill.
func removeStaleTemps(path string) {
	olds, _ := filepath.Glob(globEscape(path) + ".tmp[0-9]*")
	for _, old := range olds {
		if rest := strings.TrimPrefix(old, path+".tmp"); rest != "" && strings.Trim(rest, "0123456789") == "" {
			os.Remove(old)
		}
	}
}

// globEscape escapes the metacharacters of filepath.Match in s.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// CheckWritable reports, cheaply and before any computation, whether SaveFile can write a
// checkpoint to path: its directory exists and takes new files, and path is not a directory.
// It creates and removes path's temporary file, and leaves an existing checkpoint untouched.
func CheckWritable(path string) error {
	if path == "" {
		return errors.New("checkpoint path is empty")
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("checkpoint %s is a directory", path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("checkpoint %s: its directory %s: %w", path, dir, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("checkpoint %s: %s is not a directory", path, dir)
	}
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("checkpoint %s cannot be written: %w", path, err)
	}
	f.Close()
	if err := os.Remove(tmp); err != nil {
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return nil
}

// LoadFile reads a checkpoint file (see ReadCheckpoint). It refuses, without blocking, a path
// that is not a regular file (a FIFO, a device), and a file whose size is not the one its header
// implies, before reading any value.
func LoadFile(path string, maxValues int) (*Checkpoint, error) {
	f, fi, err := regfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cp, err := readCheckpoint(f, maxValues, fi.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cp, nil
}
