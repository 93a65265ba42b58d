package web

import (
	"testing"

	"grundy/query"
)

// TestDefaultLimitsAreQueryWeb (issue 23, item 5): the server's default limits of the work are
// query.Web's, stated once, and the fixed limits it serves are query's: the page reads them from
// GET /api/info and the engine enforces the same numbers.
func TestDefaultLimitsAreQueryWeb(t *testing.T) {
	d, q := New(Limits{}).Limits(), query.Web(DefaultLimits().Budget)
	if uint64(d.MaxSeq) != q.MaxSeq || d.MaxTable != q.MaxTable || d.MaxArgs != q.MaxArgs ||
		d.MaxScriptBytes != q.MaxScriptBytes || uint64(d.MaxScriptTo) != q.MaxScriptSeq {
		t.Errorf("DefaultLimits %+v differ from query.Web %+v", d, q)
	}
	if d.MaxMisereHeap != query.MaxMisereHeap || d.MaxOctalHeap != query.MaxOctalHeap {
		t.Errorf("served fixed limits: misère %d, octal %d; want %d, %d", d.MaxMisereHeap, d.MaxOctalHeap, query.MaxMisereHeap, query.MaxOctalHeap)
	}
	if l := (&Server{limits: d}).queryLimits(); l.MaxSeq != q.MaxSeq || l.MaxTable != q.MaxTable {
		t.Errorf("the server's query limits %+v", l)
	}
}
