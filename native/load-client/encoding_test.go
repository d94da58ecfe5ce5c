package main

import (
	"bufio"
	"strings"
	"testing"

	"golang.org/x/net/http2/hpack"
)

func TestHeaderBlockDecodesWithoutDynamicTable(t *testing.T) {
	spec := &requestSpec{Method: "POST", Path: "/relix.v1.Echo/Say", Body: []byte("12345"),
		Headers: orderedHeader{{"Content-Type", "application/grpc"}, {"X-Long", strings.Repeat("v", 300)}, {"Connection", "keep-alive"}}}
	block := encodeH2HeaderBlock(spec, "127.0.0.1:8080", true)
	dec := hpack.NewDecoder(4096, nil)
	// Decoding the same block twice on one decoder must give the same fields: it neither adds to
	// nor refers to the dynamic table.
	for round := 0; round < 2; round++ {
		fields, err := dec.DecodeFull(block)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fields {
			got = append(got, f.Name+"="+f.Value)
		}
		want := []string{":method=POST", ":scheme=http", ":authority=127.0.0.1:8080", ":path=/relix.v1.Echo/Say",
			"content-type=application/grpc", "x-long=" + strings.Repeat("v", 300), "te=trailers"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("round %d decoded\n%v\nwant\n%v", round, got, want)
		}
	}
}

func TestStatusLineParsing(t *testing.T) {
	cases := map[string]int{
		"HTTP/1.1 200 OK": 200, "HTTP/1.1 200": 200, "HTTP/1.1 200 ": 200, "HTTP/1.0 404 Not Found": 404,
		"HTTP/1.1 20": -1, "HTTP/2 200": -1, "HTTP/1.1 2x0": -1, "HTTP/1.1 2000": -1, "garbage": -1,
	}
	for line, want := range cases {
		status, _, ok := parseStatusLine([]byte(line))
		if (want < 0 && ok) || (want >= 0 && (!ok || status != want)) {
			t.Errorf("%q: status %d ok %v, want %d", line, status, ok, want)
		}
	}
}

func TestH1ResponseReader(t *testing.T) {
	cases := []struct {
		raw        string
		status     int
		closeAfter bool
		err        bool
	}{
		{"HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc", 200, false, false},
		{"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", 204, false, false},
		{"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", 200, true, false},
		{"HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", 200, true, false},
		{"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n", 200, false, false},
		{"HTTP/1.1 200 OK\r\n\r\nread to close", 200, true, false},
		{"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", 0, false, true},
		{"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", 0, false, true},
		{"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 0, false, true},
		{"HTTP/1.1 200 OK\r\nContent-Length: 999999999999\r\n\r\n", 0, false, true},
	}
	for _, c := range cases {
		br := bufio.NewReaderSize(strings.NewReader(c.raw), h1ReadBufferSize)
		resp, err := readH1Response(br, false)
		if c.err {
			if err == nil {
				t.Errorf("%q: no error", c.raw)
			}
			continue
		}
		if err != nil || resp.status != c.status || resp.closeAfter != c.closeAfter {
			t.Errorf("%q: %+v %v, want status %d closeAfter %v", c.raw, resp, err, c.status, c.closeAfter)
		}
		if br.Buffered() != 0 {
			t.Errorf("%q: %d bytes left unread", c.raw, br.Buffered())
		}
	}
}

func TestGRPCFramingAcrossFrames(t *testing.T) {
	msg := append(grpcFrame([]byte("hello")), grpcFrame(nil)...)
	for split := 0; split <= len(msg); split++ {
		var g grpcMessageFraming
		g.feed(msg[:split])
		g.feed(msg[split:])
		if !g.wellFormed() {
			t.Fatalf("split at %d: not well formed", split)
		}
	}
	var g grpcMessageFraming
	g.feed(grpcFrame([]byte("hello"))[:7])
	if g.wellFormed() {
		t.Fatal("a truncated message passed")
	}
	g.reset()
	g.feed([]byte{7, 0, 0, 0, 0})
	if g.wellFormed() {
		t.Fatal("flag byte 7 passed")
	}
}

func TestPercentDecode(t *testing.T) {
	cases := map[string]string{"plain": "plain", "a%20b": "a b", "%E2%9C%93": "✓", "bad%zz%2": "bad%zz%2", "%41%": "A%"}
	for in, want := range cases {
		if got := percentDecode(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}
