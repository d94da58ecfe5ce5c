package main

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/h2c"
	"golang.org/x/net/http2/hpack"
)

// newH2CServer serves handler over HTTP/2 with prior knowledge on loopback.
func newH2CServer(t *testing.T, h2s *http2.Server, handler http.HandlerFunc) *httptest.Server {
	t.Helper()
	if h2s == nil {
		h2s = &http2.Server{}
	}
	srv := httptest.NewServer(h2c.NewHandler(handler, h2s))
	t.Cleanup(srv.Close)
	return srv
}

// stall is a server taking its time over a call.
func stall(ms int) { time.Sleep(time.Duration(ms) * time.Millisecond) }

func TestH2CPlainRESTCall(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	srv := newH2CServer(t, nil, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, r.Proto+" "+r.Method+" "+r.Host+r.URL.Path+" "+r.Header.Get("X-Token")+" "+string(body))
		mu.Unlock()
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(`{"id":1}`))
	})
	req := post("/items", []byte(`{"n":1}`))
	req.Headers = map[string]string{"X-Token": "abc", "Content-Type": "application/json"}
	res := runClient(t, []testRequest{req}, "--target", hostPort(srv), "--protocol", "h2c",
		"--connections", "2", "--in-flight", "4", "--total", "9")
	expectAll(t, res, 9, "201", true)
	want := "HTTP/2.0 POST " + hostPort(srv) + "/items abc {\"n\":1}"
	for _, s := range seen {
		if s != want {
			t.Fatalf("server saw %q, want %q", s, want)
		}
	}
	if len(seen) != 9 {
		t.Fatalf("server saw %d calls, want exactly 9", len(seen))
	}
	fields, err := hpack.NewDecoder(4096, nil).DecodeFull(encodeH2HeaderBlock(&requestSpec{Method: "POST", Path: "/", Body: []byte("x"), ChunkBytes: 1}, "h:1", false))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fields {
		if f.Name == "content-length" {
			t.Fatal("a request the file wants chunked must not declare its length over HTTP/2")
		}
	}
	if res.summary.ConnectionsOpened != 2 {
		t.Fatalf("connectionsOpened %d, want 2", res.summary.ConnectionsOpened)
	}
}

// grpcHandler answers like a gRPC server: one message, then grpc-status (and grpc-message) in
// trailers.
func grpcHandler(status, message string, contentType string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Trailer", "Grpc-Status, Grpc-Message")
		w.WriteHeader(http.StatusOK)
		w.Write(grpcFrame([]byte("reply")))
		w.Header().Set("Grpc-Status", status)
		if message != "" {
			w.Header().Set("Grpc-Message", message)
		}
	}
}

func TestGRPCOKInTrailers(t *testing.T) {
	var te atomic.Value
	srv := newH2CServer(t, nil, func(w http.ResponseWriter, r *http.Request) {
		te.Store(r.Header.Get("Te"))
		grpcHandler("0", "", "application/grpc+proto")(w, r)
	})
	res := runClient(t, []testRequest{grpcPost("/relix.v1.Echo/Say", []byte("hi"))}, "--target", hostPort(srv),
		"--protocol", "h2c", "--grpc", "--in-flight", "3", "--connections", "1", "--total", "10")
	expectAll(t, res, 10, "OK", true)
	if te.Load() != "trailers" {
		t.Fatalf("te header %v, want trailers", te.Load())
	}
	if len(res.summary.Messages) != 0 {
		t.Fatalf("messages %v, want none", res.summary.Messages)
	}
}

func TestGRPCErrorInTrailers(t *testing.T) {
	srv := newH2CServer(t, nil, grpcHandler("13", "boom%20%E2%9C%93 here", "application/grpc"))
	res := runClient(t, []testRequest{grpcPost("/relix.v1.Echo/Say", []byte("hi"))}, "--target", hostPort(srv),
		"--protocol", "h2c", "--grpc", "--total", "2")
	expectAll(t, res, 2, "INTERNAL", false)
	if got := res.summary.Messages["INTERNAL"]; got != "boom ✓ here" {
		t.Fatalf("message %q", got)
	}
	if res.summary.OK != 0 || res.summary.Codes["INTERNAL"] != 2 {
		t.Fatalf("summary %+v", res.summary)
	}
}

func TestGRPCUnknownStatusNumber(t *testing.T) {
	srv := newH2CServer(t, nil, grpcHandler("42", "", "application/grpc"))
	res := runClient(t, []testRequest{grpcPost("/s/m", nil)}, "--target", hostPort(srv), "--protocol", "h2c", "--grpc", "--total", "1")
	expectAll(t, res, 1, "CODE_42", false)
}

func TestGRPCTrailersOnlyResponse(t *testing.T) {
	srv := newRawH2Server(t, nil, func(c *rawH2Conn, id uint32, _ string) {
		c.headers(id, true, ":status", "200", "content-type", "application/grpc", "grpc-status", "5", "grpc-message", "no%20such%20thing")
	})
	res := runClient(t, []testRequest{grpcPost("/s/m", []byte("x"))}, "--target", srv.addr(), "--protocol", "h2c", "--grpc", "--total", "3")
	expectAll(t, res, 3, "NOT_FOUND", false)
	if res.summary.Messages["NOT_FOUND"] != "no such thing" {
		t.Fatalf("messages %v", res.summary.Messages)
	}
}

func TestGRPCWrongContentType(t *testing.T) {
	srv := newH2CServer(t, nil, grpcHandler("0", "", "text/plain"))
	res := runClient(t, []testRequest{grpcPost("/s/m", nil)}, "--target", hostPort(srv), "--protocol", "h2c", "--grpc", "--total", "1")
	expectAll(t, res, 1, codeBadContentType, false)
}

func TestGRPCNon200Status(t *testing.T) {
	srv := newH2CServer(t, nil, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	})
	res := runClient(t, []testRequest{grpcPost("/s/m", nil)}, "--target", hostPort(srv), "--protocol", "h2c", "--grpc", "--total", "1")
	expectAll(t, res, 1, "http-503", false)
}

func TestGRPCMissingStatusAndMalformedFrame(t *testing.T) {
	srv := newRawH2Server(t, nil, func(c *rawH2Conn, id uint32, path string) {
		c.headers(id, false, ":status", "200", "content-type", "application/grpc")
		if path == "/truncated" {
			// The prefix promises 10 bytes; the stream ends after 3.
			c.data(id, false, []byte{0, 0, 0, 0, 10, 'a', 'b', 'c'})
			c.headers(id, true, "grpc-status", "0")
			return
		}
		c.data(id, true, grpcFrame([]byte("whole")))
	})
	res := runClient(t, []testRequest{grpcPost("/no-status", nil), grpcPost("/truncated", nil)}, "--target", srv.addr(),
		"--protocol", "h2c", "--grpc", "--total", "2")
	if got := strings.Join(res.codes(), ","); got != "missing-status,malformed-frame" {
		t.Fatalf("codes %s (stderr %s)", got, res.stderr)
	}
}

func TestH2ServerResetStream(t *testing.T) {
	srv := newRawH2Server(t, nil, func(c *rawH2Conn, id uint32, _ string) {
		_ = c.fr.WriteRSTStream(id, http2.ErrCodeRefusedStream)
	})
	res := runClient(t, []testRequest{grpcPost("/s/m", nil)}, "--target", srv.addr(), "--protocol", "h2c", "--grpc", "--total", "2")
	expectAll(t, res, 2, "reset-REFUSED_STREAM", false)
}

func TestH2LargeBodiesBothWaysUnderSmallWindows(t *testing.T) {
	const size = 1 << 20
	upload := bytes.Repeat([]byte("0123456789abcdef"), size/16)
	var mu sync.Mutex
	var gotSizes []int
	// The server gives the client only 16 KiB per stream and 64 KiB per connection to send
	// into, and the client's own windows are the 64 KiB default: both directions must wait for
	// WINDOW_UPDATE many times over.
	h2s := &http2.Server{MaxUploadBufferPerStream: 16 << 10, MaxUploadBufferPerConnection: 64 << 10}
	srv := newH2CServer(t, h2s, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		if bytes.Equal(body, upload) {
			gotSizes = append(gotSizes, len(body))
		} else {
			gotSizes = append(gotSizes, -len(body))
		}
		mu.Unlock()
		w.Write(bytes.Repeat([]byte("z"), size))
	})
	res := runClient(t, []testRequest{post("/big", upload)}, "--target", hostPort(srv), "--protocol", "h2c",
		"--in-flight", "2", "--total", "3")
	expectAll(t, res, 3, "200", true)
	mu.Lock()
	defer mu.Unlock()
	for _, n := range gotSizes {
		if n != size {
			t.Fatalf("server received bodies of %v bytes (negative: corrupted), want %d", gotSizes, size)
		}
	}
	if res.summary.BytesSent < 3*size || res.summary.BytesReceived < 3*size {
		t.Fatalf("bytes sent %d received %d, want at least %d each", res.summary.BytesSent, res.summary.BytesReceived, 3*size)
	}
}

func TestH2LargeWindowsFromFlags(t *testing.T) {
	const size = 3 << 20
	srv := newH2CServer(t, nil, func(w http.ResponseWriter, r *http.Request) {
		w.Write(bytes.Repeat([]byte("z"), size))
	})
	res := runClient(t, []testRequest{{Method: "GET", Path: "/big"}}, "--target", hostPort(srv), "--protocol", "h2c",
		"--stream-window-bits", "22", "--connection-window-bits", "22", "--total", "2")
	expectAll(t, res, 2, "200", true)
}

func TestH2TimeoutCancelsStream(t *testing.T) {
	cancelled := make(chan struct{}, 4)
	srv := newH2CServer(t, nil, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hang" {
			<-r.Context().Done() // ends when the client resets the stream
			cancelled <- struct{}{}
			return
		}
		w.Header().Set("Content-Type", "application/grpc")
		w.Header().Set("Trailer", "Grpc-Status")
		w.Write(grpcFrame(nil))
		w.Header().Set("Grpc-Status", "0")
	})
	res := runClient(t, []testRequest{grpcPost("/hang", nil), grpcPost("/fast", nil)}, "--target", hostPort(srv),
		"--protocol", "h2c", "--grpc", "--in-flight", "2", "--total", "2", "--timeout-ms", "150")
	if res.exit != exitOK {
		t.Fatalf("exit %d: %s", res.exit, res.stderr)
	}
	codes := strings.Join(res.codes(), ",")
	if codes != "OK,timeout" {
		t.Fatalf("codes %s, want OK,timeout", codes)
	}
	if l := res.lines[1]; l.latencyUs < 150000 {
		t.Fatalf("timed out after %d us, before the 150 ms deadline", l.latencyUs)
	}
	select {
	case <-cancelled: // the server saw RST_STREAM(CANCEL)
	case <-time.After(5 * time.Second):
		t.Fatal("the server's handler was never cancelled: no RST_STREAM")
	}
}

func TestH2GoawayFailsUnprocessedCallAndReconnects(t *testing.T) {
	srv := newRawH2Server(t, nil, func(c *rawH2Conn, id uint32, _ string) {
		if c.calls == 2 {
			// The second call on a connection is refused by a graceful shutdown.
			_ = c.fr.WriteGoAway(id-2, http2.ErrCodeNo, nil)
			return
		}
		c.headers(id, true, ":status", "204")
	})
	res := runClient(t, []testRequest{{Method: "GET", Path: "/x"}}, "--target", srv.addr(), "--protocol", "h2c", "--total", "3")
	if got := strings.Join(res.codes(), ","); got != "204,goaway,204" {
		t.Fatalf("codes %s (stderr %s)", got, res.stderr)
	}
	if res.summary.ConnectionsOpened != 2 || srv.acceptCount() != 2 {
		t.Fatalf("connections opened %d, accepted %d; want 2", res.summary.ConnectionsOpened, srv.acceptCount())
	}
}

func TestH2ConcurrentStreamLimitTooLowIsAUsageError(t *testing.T) {
	srv := newRawH2Server(t, []http2.Setting{{ID: http2.SettingMaxConcurrentStreams, Val: 2}}, func(c *rawH2Conn, id uint32, _ string) {
		c.headers(id, true, ":status", "200")
	})
	res := runClient(t, []testRequest{{Method: "GET", Path: "/x"}}, "--target", srv.addr(), "--protocol", "h2c", "--in-flight", "4", "--total", "4")
	if res.exit != exitUsage || !strings.Contains(res.stderr, "allows 2 concurrent streams") {
		t.Fatalf("exit %d, stderr %q", res.exit, res.stderr)
	}
}

func TestH2CAgainstHTTP1ServerFailsHandshake(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	res := runClient(t, []testRequest{{Method: "GET", Path: "/x"}}, "--target", hostPort(srv), "--protocol", "h2c", "--total", "1")
	if res.exit != exitCannotStart || !strings.Contains(res.stderr, "HTTP/1") {
		t.Fatalf("exit %d, stderr %q", res.exit, res.stderr)
	}
}

func TestH2SilentServerFailsHandshakeInTime(t *testing.T) {
	srv := newRawServer(t, func(c net.Conn) { io.Copy(io.Discard, c) })
	res := runClient(t, []testRequest{{Method: "GET", Path: "/x"}}, "--target", srv.addr(), "--protocol", "h2c", "--total", "1", "--timeout-ms", "100")
	if res.exit != exitCannotStart || !strings.Contains(res.stderr, "no HTTP/2 SETTINGS") {
		t.Fatalf("exit %d, stderr %q", res.exit, res.stderr)
	}
}

func TestH2OpenLoop(t *testing.T) {
	srv := newH2CServer(t, nil, grpcHandler("0", "", "application/grpc"))
	res := runClient(t, []testRequest{grpcPost("/s/m", nil)}, "--target", hostPort(srv), "--protocol", "h2c", "--grpc",
		"--in-flight", "4", "--rate", "2000", "--total", "20")
	expectAll(t, res, 20, "OK", true)
	for _, l := range res.lines {
		if l.fromDue == "-" {
			t.Fatal("open loop lines need fromDue")
		}
	}
}

func TestH2ConnectRefusedMidRunIsLoggedAndBackedOff(t *testing.T) {
	listener := make(chan net.Listener, 1)
	srv := newRawH2Server(t, nil, func(c *rawH2Conn, id uint32, _ string) {
		if c.calls == 1 {
			c.headers(id, true, ":status", "204")
			return
		}
		// The server goes away for good: it stops listening, refuses the second call, and hangs up.
		(<-listener).Close()
		_ = c.fr.WriteGoAway(id-2, http2.ErrCodeNo, nil)
	})
	listener <- srv.ln
	res := runClient(t, []testRequest{{Method: "GET", Path: "/x"}}, "--target", srv.addr(), "--protocol", "h2c", "--total", "4")
	if got := strings.Join(res.codes(), ","); got != "204,goaway,ECONNREFUSED,ECONNREFUSED" {
		t.Fatalf("codes %s (stderr %s)", got, res.stderr)
	}
	// The failed reconnects are spaced by the retry delay, not spun.
	third, fourth := res.lines[2], res.lines[3]
	if gap := fourth.startUs - third.startUs; gap < connectRetryDelay.Microseconds() {
		t.Fatalf("reconnects %d us apart, want at least %v", gap, connectRetryDelay)
	}
}
