package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestServeAnswersThenStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var errOut strings.Builder
	codec := make(chan int, 1)
	go func() {
		codec <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--json"}, strings.NewReader(""), pw, &errOut)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the address: %v", err)
	}
	var v struct{ URL string }
	if err := json.Unmarshal([]byte(line), &v); err != nil || !strings.HasPrefix(v.URL, "http://127.0.0.1:") {
		t.Fatalf("first line %q: %v", line, err)
	}
	go io.Copy(io.Discard, pr)
	resp, err := http.Get(v.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "grundy") {
		t.Fatalf("GET /: %d %q", resp.StatusCode, body)
	}
	cancel()
	select {
	case code := <-codec:
		if code != exitOK {
			t.Fatalf("exit %d, stderr %q", code, errOut.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop after its context was cancelled")
	}
}

func TestServeBadAddress(t *testing.T) {
	wantBadInput(t, "every interface", "", "serve", "--addr", ":0")
	wantBadInput(t, "address", "", "serve", "--addr", "nonsense")
	wantBadInput(t, "takes 0 argument", "", "serve", "extra")
}
