package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestH1KeepAliveSendsEveryRequestInOrder(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		paths = append(paths, r.URL.Path+"="+string(body)+"|"+r.Header.Get("X-Case")+"|"+r.Host)
		mu.Unlock()
		w.Write([]byte("ok"))
	}))
	defer srv.Close()
	a := post("/a", []byte("1"))
	a.Headers = map[string]string{"X-Case": "first"}
	reqs := []testRequest{a, post("/b", []byte("22")), post("/c", nil)}

	res := runClient(t, reqs, "--target", hostPort(srv), "--protocol", "h1", "--total", "7")
	expectAll(t, res, 7, "200", true)
	host := hostPort(srv)
	want := []string{"/a=1|first|", "/b=22||", "/c=||", "/a=1|first|", "/b=22||", "/c=||", "/a=1|first|"}
	for i := range want {
		want[i] += host
	}
	if strings.Join(paths, " ") != strings.Join(want, " ") {
		t.Fatalf("server saw\n%v\nwant\n%v", paths, want)
	}
	if res.summary.ConnectionsOpened != 1 {
		t.Fatalf("connectionsOpened = %d, want 1 (keep-alive)", res.summary.ConnectionsOpened)
	}
	for _, l := range res.lines {
		if l.fromDue != "-" || l.connect != "-" {
			t.Fatalf("closed loop keep-alive line has fromDue %q connect %q, want - and -", l.fromDue, l.connect)
		}
	}
	if res.summary.BytesSent == 0 || res.summary.BytesReceived == 0 || res.summary.FirstSendUs == 0 {
		t.Fatalf("summary lacks bytes or first send: %+v", res.summary)
	}
	if res.summary.Codes["200"] != 7 || res.summary.OK != 7 {
		t.Fatalf("summary codes %v ok %d", res.summary.Codes, res.summary.OK)
	}
}

// respondRaw serves HTTP/1.1 requests on a raw connection, answering the i-th with answers[i%n].
func respondRaw(answers ...string) func(net.Conn) {
	return func(c net.Conn) {
		br := bufio.NewReader(c)
		for i := 0; ; i++ {
			if _, err := readH1Request(br); err != nil {
				return
			}
			if _, err := io.WriteString(c, answers[i%len(answers)]); err != nil {
				return
			}
		}
	}
}

func TestH1StatusLineWithoutReasonPhrase(t *testing.T) {
	srv := newRawServer(t, respondRaw(
		"HTTP/1.1 200\r\nContent-Length: 2\r\n\r\nok",
		"HTTP/1.1 201 \r\nContent-Length: 0\r\n\r\n",
		"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 3\r\n\r\nbad",
	))
	res := runClient(t, []testRequest{post("/x", []byte("b"))}, "--target", srv.addr(), "--protocol", "h1", "--total", "6")
	if got := strings.Join(res.codes(), ","); got != "200,201,503,200,201,503" {
		t.Fatalf("codes %s (stderr %s)", got, res.stderr)
	}
	if res.lines[2].ok || !res.lines[1].ok {
		t.Fatalf("ok must be 2xx only: %+v", res.lines)
	}
	if srv.acceptCount() != 1 {
		t.Fatalf("%d connections, want 1", srv.acceptCount())
	}
}

func TestH1ChunkedResponseWithTrailers(t *testing.T) {
	srv := newRawServer(t, respondRaw(
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n1\r\n!\r\n0\r\nX-Checksum: 1\r\n\r\n",
	))
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", srv.addr(), "--protocol", "h1", "--total", "3")
	expectAll(t, res, 3, "200", true)
	if srv.acceptCount() != 1 {
		t.Fatalf("%d connections, want 1: a chunked body must leave the connection reusable", srv.acceptCount())
	}
}

func TestH1ReadToCloseBodyAndConnectionClose(t *testing.T) {
	srv := newRawServer(t, func(c net.Conn) {
		br := bufio.NewReader(c)
		if _, err := readH1Request(br); err != nil {
			return
		}
		io.WriteString(c, "HTTP/1.1 200 OK\r\n\r\nbody until close")
	})
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", srv.addr(), "--protocol", "h1", "--total", "3")
	expectAll(t, res, 3, "200", true)
	if srv.acceptCount() != 3 || res.summary.ConnectionsOpened != 3 {
		t.Fatalf("server accepted %d, client opened %d; want 3: a body read to close ends the connection", srv.acceptCount(), res.summary.ConnectionsOpened)
	}
}

func TestH1OversizedHeaderIsMalformed(t *testing.T) {
	big := "HTTP/1.1 200 OK\r\nX-Big: " + strings.Repeat("a", 70<<10) + "\r\nContent-Length: 0\r\n\r\n"
	srv := newRawServer(t, respondRaw(big))
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", srv.addr(), "--protocol", "h1", "--total", "1")
	expectAll(t, res, 1, codeMalformedResponse, false)
}

func TestH1ChunkedRequestBody(t *testing.T) {
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got.Store(strings.Join(r.TransferEncoding, ",") + ":" + string(body) + ":" + strconv.FormatInt(r.ContentLength, 10))
	}))
	defer srv.Close()
	req := post("/upload", []byte("hello, chunked world"))
	req.ChunkBytes = 6
	res := runClient(t, []testRequest{req}, "--target", hostPort(srv), "--protocol", "h1", "--total", "1")
	expectAll(t, res, 1, "200", true)
	if got.Load() != "chunked:hello, chunked world:-1" {
		t.Fatalf("server saw %v", got.Load())
	}
	raw := encodeH1Request(&requestSpec{Method: "POST", Path: "/u", Body: []byte("abcdefgh"), ChunkBytes: 3}, "h:1", false)
	if !strings.HasSuffix(string(raw), "\r\n\r\n3\r\nabc\r\n3\r\ndef\r\n2\r\ngh\r\n0\r\n\r\n") {
		t.Fatalf("chunked framing: %q", raw)
	}
}

func TestH1NewConnectionPerCall(t *testing.T) {
	var accepts, closeHeaders int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Close {
			atomic.AddInt64(&closeHeaders, 1)
		}
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			atomic.AddInt64(&accepts, 1)
		}
	}
	srv.Start()
	defer srv.Close()
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", hostPort(srv), "--protocol", "h1",
		"--connections", "2", "--new-connection-per-call", "--total", "5")
	expectAll(t, res, 5, "200", true)
	if n := atomic.LoadInt64(&accepts); n != 5 {
		t.Fatalf("server accepted %d connections for 5 calls", n)
	}
	if n := atomic.LoadInt64(&closeHeaders); n != 5 {
		t.Fatalf("%d of 5 requests said Connection: close", n)
	}
	if res.summary.ConnectionsOpened != 5 {
		t.Fatalf("connectionsOpened %d, want 5", res.summary.ConnectionsOpened)
	}
	for _, l := range res.lines {
		if _, err := strconv.ParseInt(l.connect, 10, 64); err != nil {
			t.Fatalf("connectUs %q is not a number", l.connect)
		}
	}
}

func TestH1TimeoutClosesAndReconnects(t *testing.T) {
	var calls int64
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if atomic.AddInt64(&calls, 1) == 1 {
			// The first call never gets an answer: the client must give up on it.
			select {
			case <-r.Context().Done():
			case <-release:
			}
			return
		}
	}))
	defer srv.Close()
	defer close(release)
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", hostPort(srv), "--protocol", "h1", "--total", "2", "--timeout-ms", "150")
	if got := strings.Join(res.codes(), ","); got != "timeout,200" {
		t.Fatalf("codes %s, want timeout,200 (stderr %s)", got, res.stderr)
	}
	if res.summary.ConnectionsOpened != 2 {
		t.Fatalf("connectionsOpened %d, want 2: a timed-out connection is replaced", res.summary.ConnectionsOpened)
	}
}

func TestH1OpenLoopFromDueGrowsWhenServerFallsBehind(t *testing.T) {
	// The server takes at least 20 ms a call while calls are due every 1 ms on one slot, so
	// call i is sent at least 19*i ms after its due time: its latency from due exceeds its
	// latency from send by that much, however slow the machine.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		stall(20)
	}))
	defer srv.Close()
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", hostPort(srv), "--protocol", "h1", "--rate", "1000", "--total", "4")
	expectAll(t, res, 4, "200", true)
	for i, l := range res.lines {
		fromDue, err := strconv.ParseInt(l.fromDue, 10, 64)
		if err != nil {
			t.Fatalf("open loop line %d has fromDue %q", i, l.fromDue)
		}
		if lag := fromDue - l.latencyUs; lag < int64(i)*19000 || lag < 0 {
			t.Fatalf("call %d: fromDue %d us, latency %d us: the send lagged only %d us behind due", i, fromDue, l.latencyUs, lag)
		}
	}
}

func TestH1ConnectRefusedMidRun(t *testing.T) {
	// One call succeeds and makes the server close the connection and stop listening; the next
	// call's reconnect is refused, and is logged as such rather than ending the run.
	listener := make(chan net.Listener, 1)
	srv := newRawServer(t, func(c net.Conn) {
		br := bufio.NewReader(c)
		if _, err := readH1Request(br); err != nil {
			return
		}
		(<-listener).Close()
		io.WriteString(c, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
	})
	listener <- srv.ln
	res := runClient(t, []testRequest{post("/x", nil)}, "--target", srv.addr(), "--protocol", "h1", "--total", "2")
	if got := strings.Join(res.codes(), ","); got != "200,ECONNREFUSED" {
		t.Fatalf("codes %s (stderr %s)", got, res.stderr)
	}
}
