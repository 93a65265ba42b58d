package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"grundy/web"
)

// TestFacesAgreeNimOctal drives the same requests through the command line and the web API and
// checks that they answer the same JSON (timings aside): one road, two faces.
func TestFacesAgreeNimOctal(t *testing.T) {
	srv := httptest.NewServer(web.New(web.Limits{}))
	defer srv.Close()
	for _, c := range []struct {
		cli  []string
		path string
		body string
	}{
		{[]string{"nim", "mul", "0xffffffffffffffff", "12"}, "/api/nim", `{"op": "mul", "args": ["0xffffffffffffffff", "12"]}`},
		{[]string{"nim", "log", "2", "--base", "8"}, "/api/nim", `{"op": "log", "args": ["2"], "base": "8"}`},
		{[]string{"nim", "quadratic", "6"}, "/api/nim", `{"op": "quadratic", "args": ["6"]}`},
		{[]string{"nim", "table", "5"}, "/api/nim", `{"op": "table", "args": ["5"]}`},
		{[]string{"nim", "pow", "--wide", "0x10000000000000000", "3"}, "/api/nim", `{"op": "pow", "args": ["0x10000000000000000", "3"], "wide": true}`},
		{[]string{"octal", "0.07", "--to", "300"}, "/api/seq", `{"code": "0.07", "to": "300"}`},
		{[]string{"octal", "4.7", "--to", "50"}, "/api/seq", `{"code": "4.7", "to": 50}`},
		{[]string{"octal", "0.1777", "--to", "2000", "--summary"}, "/api/seq", `{"code": "0.1777", "to": 2000, "summary": true}`},
	} {
		cli := decodeJSON(t, "", c.cli...)
		resp, err := http.Post(srv.URL+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		resp.Body.Close()
		var w map[string]any
		if err := json.Unmarshal(b.Bytes(), &w); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s %s: %d %s", c.path, c.body, resp.StatusCode, b.String())
		}
		delete(cli, "seconds")
		delete(w, "seconds")
		if !reflect.DeepEqual(cli, w) {
			t.Errorf("%v\n cli %v\n web %v", c.cli, cli, w)
		}
	}
}
