package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"grundy/web"
)

// The server is an http.Handler: here it answers one API request in a test server.
func Example() {
	srv := httptest.NewServer(web.New(web.Limits{}))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/nim", "application/json", strings.NewReader(`{"op": "mul", "args": ["12", "9"]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Print(resp.StatusCode, " ", string(body))
	// Output: 200 {"op":"mul","args":["12","9"],"result":"10"}
}

// Requests over a limit are refused with 422 and the limit's name.
func ExampleLimits() {
	srv := httptest.NewServer(web.New(web.Limits{MaxSeq: 1000}))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/api/seq", "application/json", strings.NewReader(`{"code": "0.07", "to": 5000}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Print(resp.StatusCode, " ", string(body))
	// Output: 422 {"error":"to = 5000 is over the limit of 1000","limit":"max_seq","max":1000}
}
