package main

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--version"}, &out, &errOut); code != exitOK || out.String() != "relix-load 1.0.0\n" {
		t.Fatalf("exit %d, stdout %q", code, out.String())
	}
}

func TestConnectRefusedAtStartExits3(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there any more
	for _, proto := range []string{"h1", "h2c"} {
		res := runClient(t, []testRequest{post("/x", nil)}, "--target", addr, "--protocol", proto, "--total", "1")
		if res.exit != exitCannotStart || !strings.Contains(res.stderr, "relix-load: cannot connect to "+addr+": ") {
			t.Fatalf("%s: exit %d, stderr %q", proto, res.exit, res.stderr)
		}
	}
}

func TestNonLoopbackTargetIsRefused(t *testing.T) {
	// Refused before any connect: no traffic leaves this machine.
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", "192.0.2.10:80", "--protocol", "h1", "--total", "1")
	if res.exit != exitUsage || !strings.Contains(res.stderr, "--allow-hosts") {
		t.Fatalf("exit %d, stderr %q", res.exit, res.stderr)
	}
	for _, ok := range []string{"127.0.0.1", "127.9.8.7", "::1", "localhost", "LOCALHOST"} {
		if err := checkTargetHost(ok, nil); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"10.0.0.1", "example.com", "0.0.0.0", "::"} {
		if err := checkTargetHost(bad, nil); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	if err := checkTargetHost("bench-b", []string{"bench-a", "bench-b"}); err != nil {
		t.Errorf("a host named in --allow-hosts refused: %v", err)
	}
}

func TestUsageErrorsNameTheFlag(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--protocol", "h1", "--total", "1"}, "--target"},
		{[]string{"--target", "127.0.0.1:1", "--total", "1"}, "--protocol"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h3", "--total", "1"}, "--protocol"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h1"}, "--duration-ms"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h1", "--total", "1", "--connections", "2", "--in-flight", "4"}, "--in-flight"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h2c", "--total", "1", "--connections", "2", "--in-flight", "3"}, "multiple of --connections"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h2c", "--total", "1", "--new-connection-per-call"}, "--new-connection-per-call"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h1", "--total", "1", "--grpc"}, "--grpc"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h1", "--total", "1", "--rate", "0"}, "--rate"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h2c", "--total", "1", "--stream-window-bits", "40"}, "--stream-window-bits"},
		{[]string{"--target", "127.0.0.1", "--protocol", "h1", "--total", "1"}, "--target"},
		{[]string{"--target", "127.0.0.1:1", "--protocol", "h1", "--total", "1", "--bogus", "1"}, "bogus"},
	}
	for _, c := range cases {
		res := runClient(t, []testRequest{post("/x", nil)}, c.args...)
		if res.exit != exitUsage || !strings.Contains(res.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want exit 2 naming %s", c.args, res.exit, res.stderr, c.want)
		}
	}
}

func TestRequestsFileErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	cases := []struct {
		reqs []testRequest
		want string
	}{
		{nil, "empty"}, // null
		{[]testRequest{}, "empty"},
		{[]testRequest{{Method: "POST", Path: "no-slash"}}, "path"},
		{[]testRequest{{Method: "", Path: "/"}}, "method"},
		{[]testRequest{{Method: "POST", Path: "/", Headers: map[string]string{":path": "/x"}}}, "header name"},
	}
	for _, c := range cases {
		res := runClient(t, c.reqs, "--target", hostPort(srv), "--protocol", "h1", "--total", "1")
		if res.exit != exitUsage || !strings.Contains(res.stderr, c.want) {
			t.Errorf("%+v: exit %d, stderr %q, want exit 2 mentioning %q", c.reqs, res.exit, res.stderr, c.want)
		}
	}
	negative := post("/", []byte("x"))
	negative.ChunkBytes = -1
	res := runClient(t, []testRequest{negative}, "--target", hostPort(srv), "--protocol", "h1", "--total", "1")
	if res.exit != exitUsage || !strings.Contains(res.stderr, "chunkBytes") {
		t.Errorf("negative chunkBytes: exit %d, stderr %q", res.exit, res.stderr)
	}
}

func TestDurationMode(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", hostPort(srv), "--protocol", "h1", "--duration-ms", "100")
	if res.exit != exitOK || res.summary.Done == 0 || res.summary.Started != res.summary.Done || res.summary.StoppedAtTimeCap {
		t.Fatalf("exit %d, summary %+v, stderr %s", res.exit, res.summary, res.stderr)
	}
}

func TestCountModeHitsTimeCap(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", hostPort(srv), "--protocol", "h1",
		"--total", "1000000000", "--duration-ms", "100")
	if res.exit != exitOK || !res.summary.StoppedAtTimeCap || res.summary.Done == 0 {
		t.Fatalf("exit %d, summary %+v", res.exit, res.summary)
	}
}

func TestUnfinishedCallsAreDroppedAfterTheDrain(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", hostPort(srv), "--protocol", "h1",
		"--connections", "2", "--duration-ms", "50", "--drain-ms", "50")
	if res.exit != exitOK || res.summary.Started != 2 || res.summary.Done != 0 || res.summary.Dropped != 2 {
		t.Fatalf("exit %d, summary %+v, stderr %s", res.exit, res.summary, res.stderr)
	}
}

func TestCountModeH2LogsExactlyN(t *testing.T) {
	srv := newH2CServer(t, nil, func(w http.ResponseWriter, r *http.Request) {})
	res := runClient(t, []testRequest{{Method: "GET", Path: "/"}}, "--target", hostPort(srv), "--protocol", "h2c",
		"--connections", "3", "--in-flight", "12", "--total", "50")
	expectAll(t, res, 50, "200", true)
}
