package web

import (
	"encoding/json"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/query"
)

// The number endpoints of the page (batch products, basis, count, scan) are served with the
// limits /api/info states, each named when passed: a batch of max_list pairs is answered, one
// more is over the limit (a body of that many short pairs fits under max_body_bytes).
func TestNumberEndpoints(t *testing.T) {
	s := New(Limits{})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/info", nil))
	var info Info
	if err := json.Unmarshal(rec.Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	q := query.Web(time.Second)
	if l := info.Limits; l.MaxList != q.MaxList || l.MaxScanCodes != q.MaxScanCodes || l.MaxScanTo != q.MaxScanTo || l.MaxScanWork != q.MaxScanWork || l.MaxList == 0 {
		t.Fatalf("/api/info limits %+v, want query.Web's max_list %d, max_scan_codes %d, max_scan_to %d", l, q.MaxList, q.MaxScanCodes, q.MaxScanTo)
	}
	for _, p := range []string{"/api/basis", "/api/count", "/api/scan"} {
		if !strings.Contains(strings.Join(info.Endpoints, " "), p) {
			t.Errorf("/api/info does not list %s", p)
		}
	}
	batch := func(n int) string {
		b, _ := json.Marshal(map[string]any{"op": "mul", "batch": strings.Repeat("3 3\n", n)})
		return string(b)
	}
	for _, c := range []struct{ path, body, want string }{
		{"/api/nim", batch(q.MaxList), `200 {"results":["2",`},
		{"/api/nim", batch(q.MaxList + 1), `422 {"error":"the batch has more than ` + strconv.Itoa(q.MaxList) + ` pairs: the limit is ` + strconv.Itoa(q.MaxList) + `","limit":"max_list","max":` + strconv.Itoa(q.MaxList) + `}`},
		{"/api/basis", `{"op": "rank", "numbers": ["3", "5", "6"]}`, `200 {"rank":2,"numbers":3,"distinct":"4","basis":["5","3"]}`},
		{"/api/count", `{"n": "100", "divisors": ["2", "3"]}`, `200 {"from":"1","n":"100","count":"67"}`},
		{"/api/scan", `{"pattern": "0.0?", "to": "100"}`, `200 {"pattern":"0.0?","to":100,"games":[{"code":"0.0","computed_to":16,"period":1,`},
		{"/api/scan", `{"pattern": "0.??", "to": "5001"}`, `422 {"error":"to = 5001 is over the limit of 5000 for a scan","limit":"max_scan_to","max":5000}`},
		{"/api/scan", `{"pattern": "0.???", "to": "10"}`, `422 {"error":"pattern 0.??? matches 512 codes: the limit is 64","limit":"max_scan_codes","max":64}`},
	} {
		if got := rawPost(t, s, c.path, c.body); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %.60s: %.300s, want %s", c.path, c.body, got, c.want)
		}
	}
}
