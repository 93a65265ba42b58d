//go:build linux

package octal

import (
	"syscall"
	"unsafe"
)

// canMap reports whether mapValues can map an array here.
const canMap = true

// pageValues is the number of uint16 values in a page of memory: the unit in which a window
// releases and restores values.
const pageValues = 4096 / 2

// mapValues reserves address space for n uint16 values (zero, resident only once written): the
// values array of an engine that may release the middle of it (window.go).
func mapValues(n int) (g []uint16, mem []byte, ok bool) {
	size := (2*n + 4095) &^ 4095
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil, nil, false
	}
	return unsafe.Slice((*uint16)(unsafe.Pointer(&mem[0])), n), mem, true
}

// releaseValues hands the pages of values [lo, hi) (multiples of pageValues) back to the OS and
// makes them inaccessible: a read of a released value faults (a crash, never a wrong value).
func releaseValues(mem []byte, lo, hi int) error {
	b := mem[2*lo : 2*hi]
	if err := syscall.Madvise(b, syscall.MADV_DONTNEED); err != nil {
		return err
	}
	return syscall.Mprotect(b, syscall.PROT_NONE)
}

// restoreValues makes the pages of values [lo, hi) accessible again (zero until written).
func restoreValues(mem []byte, lo, hi int) error {
	return syscall.Mprotect(mem[2*lo:2*hi], syscall.PROT_READ|syscall.PROT_WRITE)
}

// unmapValues ends a mapping made by mapValues.
func unmapValues(mem []byte) { syscall.Munmap(mem) }
