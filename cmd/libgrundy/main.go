// Command libgrundy is grundy as a C library: build it with
//
//	go build -buildmode=c-shared -o libgrundy.so ./cmd/libgrundy
//
// (which also writes libgrundy.h). The Python package in python/ builds and loads it. A request is
// the JSON document the web API takes, named by its endpoint (package api), and its answer is the
// document the command line prints with --json. Every function may be called from any thread.
//
//	int grundy_call(endpoint, body, len, timeout_ms, max_memory, seen, &doc, &doclen);
//	                                        answers a request on the calling thread, as a call of its own
//	                                        (the cheapest way); returns the status (200, 400, 404, 422, 500,
//	                                        503) with the document in doc (free it with grundy_free);
//	                                        seen >= 0: an interrupt stops it (see grundy_wakeup_fd)
//	int grundy_wakeup_fd(void);             the write end of the library's wakeup pipe (-1 if none): a
//	                                        signal handler writes a signal's number to it, one byte, as
//	                                        CPython's does to the descriptor of signal.set_wakeup_fd; each
//	                                        SIGINT counts as an interrupt and stops the calls running
//	                                        with seen >= 0
//	const uint64_t *grundy_interrupts(void);   the count of interrupts read from it, updated in place:
//	                                        a caller reads it (seen) before it hands the pipe to its signal
//	                                        handler, and a call given seen stops at once if the count moved
//	uint64_t grundy_begin(void);            a new call (never 0): cancel, progress and values refer to it
//	int grundy_run(call, endpoint, body, len, timeout_ms, max_memory, keep_values, wait_ms, seen, &doc, &doclen);
//	                                        starts answering the request and waits up to wait_ms (< 0:
//	                                        to the end, computing on the calling thread, stopped by an
//	                                        interrupt when seen >= 0); returns the status with the
//	                                        document as grundy_call does, or 0 when the wait ran out first
//	int grundy_wait(call, wait_ms, &doc, &doclen);  waits on, the same way
//	void grundy_cancel(call);               stops the call's computation: a wait returns within 2 s
//	void grundy_progress(call, &done, &total);
//	int grundy_values(call, &n, &largest);  1 when the call kept a sequence's values (keep_values)
//	int grundy_copy_values(call, buf, width, n, &err);   the kept values into buf (width 2, 4 or 8)
//	void grundy_end(call);                  forgets the call
//	int grundy_nim_mul(call, a, b, out, n, &err); out[i] = a[i] ⊗ b[i] over uint64 arrays, in place
//	int grundy_memory(text, &bytes, &err);  reads a memory limit as --max-memory does ("512M", "2G",
//	                                        "1073741824B", a number of MiB): 0, or 1 with a message
//	void grundy_free(p);                    frees a document or an error message
//
// The logic is package internal/clib's; this file converts C's arguments.
package main

/*
#include <stdint.h>
#include <stdlib.h>
*/
import "C"

import (
	"sync/atomic"
	"time"
	"unsafe"

	"grundy/internal/cliarg"
	"grundy/internal/clib"
)

// interrupts is the count of interrupts, in C's memory so that a caller may read it in place.
var interrupts = (*atomic.Uint64)(C.calloc(1, 8))

// lib is the table of calls of this process: a C caller holds calls by their ids, so the table
// lives as long as the library.
var lib = clib.NewCounting(interrupts)

func main() {}

// cDoc hands b to C as a malloc'd buffer.
func cDoc(b []byte, out **C.char, outLen *C.size_t) {
	*out = (*C.char)(C.CBytes(b))
	*outLen = C.size_t(len(b))
}

// options are a call's bounds as C gives them; seen < 0: not stopped by interrupts.
func options(timeoutMs C.int64_t, maxMemory C.uint64_t, keepValues C.int, seen C.int64_t) clib.Options {
	o := clib.Options{MaxMemory: uint64(maxMemory), KeepValues: keepValues != 0, Interrupt: seen >= 0, Seen: uint64(seen)}
	if timeoutMs > 0 {
		o.Timeout = time.Duration(timeoutMs) * time.Millisecond
	}
	return o
}

//export grundy_call
func grundy_call(endpoint *C.char, body *C.char, bodyLen C.size_t, timeoutMs C.int64_t, maxMemory C.uint64_t, seen C.int64_t, doc **C.char, docLen *C.size_t) C.int {
	// The body is read in place: the call is over when this returns.
	b, status := lib.Call(C.GoString(endpoint), unsafe.Slice((*byte)(unsafe.Pointer(body)), int(bodyLen)), options(timeoutMs, maxMemory, 0, seen))
	cDoc(b, doc, docLen)
	return C.int(status)
}

//export grundy_wakeup_fd
func grundy_wakeup_fd() C.int {
	fd, err := lib.Wakeup()
	if err != nil {
		return -1
	}
	return C.int(fd)
}

//export grundy_interrupts
func grundy_interrupts() *C.uint64_t { return (*C.uint64_t)(unsafe.Pointer(interrupts)) }

//export grundy_begin
func grundy_begin() C.uint64_t { return C.uint64_t(lib.Begin()) }

//export grundy_cancel
func grundy_cancel(call C.uint64_t) { lib.Cancel(uint64(call)) }

//export grundy_end
func grundy_end(call C.uint64_t) { lib.End(uint64(call)) }

//export grundy_progress
func grundy_progress(call C.uint64_t, done, total *C.int64_t) {
	d, t := lib.Progress(uint64(call))
	*done, *total = C.int64_t(d), C.int64_t(t)
}

//export grundy_run
func grundy_run(call C.uint64_t, endpoint *C.char, body *C.char, bodyLen C.size_t, timeoutMs C.int64_t, maxMemory C.uint64_t, keepValues C.int, waitMs C.int64_t, seen C.int64_t, doc **C.char, docLen *C.size_t) C.int {
	o := options(timeoutMs, maxMemory, keepValues, seen)
	if waitMs >= 0 {
		o.Interrupt = false // the caller waits in slices and cancels
	}
	name, req := C.GoString(endpoint), C.GoBytes(unsafe.Pointer(body), C.int(bodyLen))
	if waitMs < 0 { // to the end: on this thread
		b, status := lib.Run(uint64(call), name, req, o)
		cDoc(b, doc, docLen)
		return C.int(status)
	}
	lib.Start(uint64(call), name, req, o)
	return grundy_wait(call, waitMs, doc, docLen)
}

//export grundy_wait
func grundy_wait(call C.uint64_t, waitMs C.int64_t, doc **C.char, docLen *C.size_t) C.int {
	d := time.Duration(-1)
	if waitMs >= 0 {
		d = time.Duration(waitMs) * time.Millisecond
	}
	b, status, done := lib.Wait(uint64(call), d)
	if !done {
		*doc, *docLen = nil, 0
		return 0
	}
	cDoc(b, doc, docLen)
	return C.int(status)
}

//export grundy_values
func grundy_values(call C.uint64_t, n *C.size_t, largest *C.uint64_t) C.int {
	k, m, ok := lib.Values(uint64(call))
	*n, *largest = C.size_t(k), C.uint64_t(m)
	if !ok {
		return 0
	}
	return 1
}

//export grundy_copy_values
func grundy_copy_values(call C.uint64_t, buf unsafe.Pointer, width C.int, n C.size_t, errMsg **C.char) C.int {
	var dst any
	switch width {
	case 2:
		dst = unsafe.Slice((*uint16)(buf), int(n))
	case 4:
		dst = unsafe.Slice((*uint32)(buf), int(n))
	case 8:
		dst = unsafe.Slice((*uint64)(buf), int(n))
	default:
		*errMsg = C.CString("width must be 2, 4 or 8")
		return 1
	}
	if err := lib.CopyValues(uint64(call), dst); err != nil {
		*errMsg = C.CString(err.Error())
		return 1
	}
	return 0
}

//export grundy_nim_mul
func grundy_nim_mul(call C.uint64_t, a, b, out *C.uint64_t, n C.size_t, errMsg **C.char) C.int {
	k := int(n)
	if k == 0 {
		return 0
	}
	err := lib.NimMul(uint64(call), unsafe.Slice((*uint64)(unsafe.Pointer(out)), k),
		unsafe.Slice((*uint64)(unsafe.Pointer(a)), k), unsafe.Slice((*uint64)(unsafe.Pointer(b)), k))
	if err != nil {
		*errMsg = C.CString(err.Error())
		return 1
	}
	return 0
}

//export grundy_memory
func grundy_memory(text *C.char, out *C.uint64_t, errMsg **C.char) C.int {
	b, err := cliarg.Memory(C.GoString(text))
	if err != nil {
		*errMsg = C.CString(err.Error())
		return 1
	}
	*out = C.uint64_t(b)
	return 0
}

//export grundy_free
func grundy_free(p unsafe.Pointer) { C.free(p) }
