package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// testRequest is one element of a --requests file, as a test writes it.
type testRequest struct {
	Method     string            `json:"method"`
	Path       string            `json:"path"`
	Headers    map[string]string `json:"headers,omitempty"`
	Body       string            `json:"body,omitempty"`
	ChunkBytes int               `json:"chunkBytes,omitempty"`
}

func post(path string, body []byte) testRequest {
	return testRequest{Method: "POST", Path: path, Body: base64.StdEncoding.EncodeToString(body)}
}

func grpcPost(path string, message []byte) testRequest {
	r := post(path, grpcFrame(message))
	r.Headers = map[string]string{"content-type": "application/grpc"}
	return r
}

// grpcFrame wraps a message in gRPC's length prefix.
func grpcFrame(message []byte) []byte {
	out := []byte{0, 0, 0, 0, 0}
	n := len(message)
	out[1], out[2], out[3], out[4] = byte(n>>24), byte(n>>16), byte(n>>8), byte(n)
	return append(out, message...)
}

// logLine is one parsed line of the --log file.
type logLine struct {
	startUs, latencyUs int64
	fromDue            string
	code               string
	ok                 bool
	connect            string
}

type clientResult struct {
	exit    int
	stdout  string
	stderr  string
	lines   []logLine
	summary runSummary
}

// runClient runs the client in-process with the given requests; it adds --requests and --log.
func runClient(t *testing.T, requests []testRequest, args ...string) clientResult {
	t.Helper()
	dir := t.TempDir()
	reqPath := filepath.Join(dir, "requests.json")
	data, err := json.Marshal(requests)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(reqPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, "calls.log")
	var stdout, stderr bytes.Buffer
	full := append([]string{"--requests", reqPath, "--log", logPath}, args...)
	res := clientResult{exit: run(full, &stdout, &stderr)}
	res.stdout, res.stderr = stdout.String(), stderr.String()
	if res.exit != exitOK {
		return res
	}
	if err := json.Unmarshal(stdout.Bytes(), &res.summary); err != nil {
		t.Fatalf("summary is not JSON: %v\n%s", err, res.stdout)
	}
	if strings.Count(res.stdout, "\n") != 1 {
		t.Fatalf("summary must be one line:\n%s", res.stdout)
	}
	logData, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range strings.Split(strings.TrimSuffix(string(logData), "\n"), "\n") {
		if raw == "" {
			continue
		}
		f := strings.Split(raw, "\t")
		if len(f) != 6 {
			t.Fatalf("log line %q has %d fields, want 6", raw, len(f))
		}
		start, err1 := strconv.ParseInt(f[0], 10, 64)
		lat, err2 := strconv.ParseInt(f[1], 10, 64)
		if err1 != nil || err2 != nil || (f[4] != "0" && f[4] != "1") {
			t.Fatalf("bad log line %q", raw)
		}
		res.lines = append(res.lines, logLine{startUs: start, latencyUs: lat, fromDue: f[2], code: f[3], ok: f[4] == "1", connect: f[5]})
	}
	if int64(len(res.lines)) != res.summary.Done {
		t.Fatalf("log has %d lines, summary says done=%d", len(res.lines), res.summary.Done)
	}
	return res
}

func (r clientResult) codes() []string {
	out := make([]string, len(r.lines))
	for i, l := range r.lines {
		out[i] = l.code
	}
	return out
}

// expectAll checks that every logged call ended with code, and that there were want of them.
func expectAll(t *testing.T, r clientResult, want int, code string, ok bool) {
	t.Helper()
	if r.exit != exitOK {
		t.Fatalf("exit %d, stderr: %s", r.exit, r.stderr)
	}
	if len(r.lines) != want {
		t.Fatalf("%d calls logged, want %d (codes %v)", len(r.lines), want, r.codes())
	}
	for _, l := range r.lines {
		if l.code != code || l.ok != ok {
			t.Fatalf("call logged as %s ok=%v, want %s ok=%v (all: %v)", l.code, l.ok, code, ok, r.codes())
		}
	}
	if r.summary.Started != int64(want) || r.summary.Dropped != 0 {
		t.Fatalf("summary started=%d dropped=%d, want %d and 0", r.summary.Started, r.summary.Dropped, want)
	}
}

// hostPort is a test server's address as --target wants it.
func hostPort(srv *httptest.Server) string {
	return strings.TrimPrefix(srv.URL, "http://")
}

// rawServer accepts TCP connections on loopback and hands each to handle in its own goroutine.
type rawServer struct {
	ln      net.Listener
	mu      sync.Mutex
	conns   []net.Conn
	accepts int
	wg      sync.WaitGroup
}

func newRawServer(t *testing.T, handle func(net.Conn)) *rawServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &rawServer{ln: ln}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.accepts++
			s.mu.Unlock()
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				defer c.Close()
				handle(c)
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		s.mu.Lock()
		for _, c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
		s.wg.Wait()
	})
	return s
}

func (s *rawServer) addr() string { return s.ln.Addr().String() }

func (s *rawServer) acceptCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepts
}

// readH1Request reads one HTTP/1.1 request (Content-Length bodies only) for raw test servers.
func readH1Request(br *bufio.Reader) (*http.Request, error) {
	req, err := http.ReadRequest(br)
	if err != nil {
		return nil, err
	}
	_, err = bytes.NewBuffer(nil).ReadFrom(req.Body)
	return req, err
}
