package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

type protocol int

const (
	protoH1 protocol = iota + 1
	protoH2C
)

// config is the validated command line.
type config struct {
	target         string // HOST:PORT as given: dialled, and sent as Host / :authority
	protocol       protocol
	grpc           bool
	requestsFile   string
	logFile        string
	connections    int
	inFlight       int
	newConnPerCall bool
	duration       time.Duration // 0: no time limit (count mode only)
	drain          time.Duration
	total          int64   // 0: duration mode
	rate           float64 // calls/s; 0: closed loop
	timeout        time.Duration
	streamWindow   uint32 // our receive window per stream (h2c)
	connWindow     uint32 // our receive window per connection (h2c)
	threads        int
}

// usageError is a command-line mistake: exit 2, nothing sent.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...interface{}) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// errVersionRequested and errHelpRequested end parsing without an error exit.
var (
	errVersionRequested = errors.New("version requested")
	errHelpRequested    = errors.New("help requested")
)

// openLoop reports whether calls are paced by --rate rather than sent as soon as a slot frees.
func (c *config) openLoop() bool { return c.rate > 0 }

// streamsPerConn is how many calls one HTTP/2 connection carries at once.
func (c *config) streamsPerConn() int { return c.inFlight / c.connections }

// handshakeTimeout bounds a connect and the HTTP/2 preface exchange, so a silent server cannot
// hold the start-up (or a reconnect) for a whole call timeout when that is long.
func (c *config) handshakeTimeout() time.Duration {
	if c.timeout < 5*time.Second {
		return c.timeout
	}
	return 5 * time.Second
}

func parseConfig(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("relix-load", flag.ContinueOnError)
	// Parse errors are reported once, by run, in the program's own words.
	fs.SetOutput(io.Discard)
	var (
		target        = fs.String("target", "", "HOST:PORT of the server (loopback unless listed in --allow-hosts)")
		allowHosts    = fs.String("allow-hosts", "", "comma-separated non-loopback hosts that may be targeted")
		proto         = fs.String("protocol", "", "h1 (HTTP/1.1) or h2c (HTTP/2 with prior knowledge)")
		grpc          = fs.Bool("grpc", false, "h2c calls are gRPC calls: outcome from grpc-status")
		requestsFile  = fs.String("requests", "", "JSON file: array of {method, path, headers, body (base64), chunkBytes}")
		logFile       = fs.String("log", "", "file for one tab-separated line per completed call")
		connections   = fs.Int("connections", 1, "TCP connections (concurrent callers with --new-connection-per-call)")
		inFlight      = fs.Int("in-flight", 0, "calls in flight at most (default: --connections)")
		perCall       = fs.Bool("new-connection-per-call", false, "h1: open a new connection for every call")
		durationMs    = fs.Int64("duration-ms", 0, "issue calls for this long (with --total: a time cap)")
		drainMs       = fs.Int64("drain-ms", 2000, "how long in-flight calls may finish after issuing stops")
		total         = fs.Int64("total", 0, "count mode: exactly this many calls")
		rate          = fs.Float64("rate", 0, "open loop: calls per second (default: closed loop)")
		timeoutMs     = fs.Int64("timeout-ms", 10000, "per-call deadline from its send")
		streamBits    = fs.Int("stream-window-bits", 16, "h2c: receive window per stream is 2^B-1")
		connBits      = fs.Int("connection-window-bits", 16, "h2c: receive window per connection is 2^B-1")
		threads       = fs.Int("threads", 1, "GOMAXPROCS: cores the client may use")
		versionWanted = fs.Bool("version", false, "print the version and exit")
	)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fmt.Fprintln(stderr, "usage: relix-load --target HOST:PORT --protocol h1|h2c --requests FILE --log FILE (--duration-ms D | --total N) [options]")
			fs.PrintDefaults()
			return nil, errHelpRequested
		}
		return nil, usagef("%v (see --help)", err)
	}
	if *versionWanted {
		return nil, errVersionRequested
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q (all options are --name value)", fs.Arg(0))
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })

	c := &config{grpc: *grpc, requestsFile: *requestsFile, logFile: *logFile, newConnPerCall: *perCall}

	if *target == "" {
		return nil, usagef("--target HOST:PORT is required")
	}
	host, err := splitTarget(*target)
	if err != nil {
		return nil, err
	}
	if err := checkTargetHost(host, splitList(*allowHosts)); err != nil {
		return nil, err
	}
	c.target = *target

	switch *proto {
	case "h1":
		c.protocol = protoH1
	case "h2c":
		c.protocol = protoH2C
	case "":
		return nil, usagef("--protocol is required (h1 or h2c)")
	default:
		return nil, usagef("--protocol must be h1 or h2c, not %q", *proto)
	}
	if c.grpc && c.protocol != protoH2C {
		return nil, usagef("--grpc needs --protocol h2c")
	}
	if c.requestsFile == "" {
		return nil, usagef("--requests FILE is required")
	}
	if c.logFile == "" {
		return nil, usagef("--log FILE is required")
	}

	if *connections < 1 {
		return nil, usagef("--connections must be at least 1, not %d", *connections)
	}
	c.connections = *connections
	c.inFlight = c.connections
	if given["in-flight"] {
		if *inFlight < 1 {
			return nil, usagef("--in-flight must be at least 1, not %d", *inFlight)
		}
		c.inFlight = *inFlight
	}
	if c.protocol == protoH1 && c.inFlight != c.connections {
		return nil, usagef("--in-flight (%d) must equal --connections (%d) with --protocol h1: HTTP/1.1 carries one call per connection at a time", c.inFlight, c.connections)
	}
	if c.protocol == protoH2C && c.inFlight%c.connections != 0 {
		return nil, usagef("--in-flight (%d) must be a multiple of --connections (%d): each connection carries in-flight/connections streams", c.inFlight, c.connections)
	}
	if c.newConnPerCall && c.protocol != protoH1 {
		return nil, usagef("--new-connection-per-call needs --protocol h1")
	}

	if given["duration-ms"] {
		if *durationMs < 1 {
			return nil, usagef("--duration-ms must be at least 1, not %d", *durationMs)
		}
		c.duration = time.Duration(*durationMs) * time.Millisecond
	}
	if given["total"] {
		if *total < 1 {
			return nil, usagef("--total must be at least 1, not %d", *total)
		}
		c.total = *total
	}
	if c.duration == 0 && c.total == 0 {
		return nil, usagef("give --duration-ms, --total, or both")
	}
	if *drainMs < 0 {
		return nil, usagef("--drain-ms must not be negative, not %d", *drainMs)
	}
	c.drain = time.Duration(*drainMs) * time.Millisecond
	if given["rate"] {
		// The negated test also refuses NaN.
		if !(*rate > 0) || *rate > 1e9 {
			return nil, usagef("--rate must be a number of calls per second above 0, not %v", *rate)
		}
		c.rate = *rate
	}
	if *timeoutMs < 1 {
		return nil, usagef("--timeout-ms must be at least 1, not %d", *timeoutMs)
	}
	c.timeout = time.Duration(*timeoutMs) * time.Millisecond

	for _, w := range []struct {
		name string
		bits int
		dst  *uint32
	}{{"--stream-window-bits", *streamBits, &c.streamWindow}, {"--connection-window-bits", *connBits, &c.connWindow}} {
		// 2^31-1 is the largest window HTTP/2 allows; below 2^16-1 would be smaller than the default.
		if w.bits < 16 || w.bits > 31 {
			return nil, usagef("%s must be between 16 and 31, not %d", w.name, w.bits)
		}
		*w.dst = uint32(1)<<uint(w.bits) - 1
	}
	if *threads < 1 {
		return nil, usagef("--threads must be at least 1, not %d", *threads)
	}
	c.threads = *threads
	return c, nil
}

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}
