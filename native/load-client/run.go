package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"
)

// run is the whole program, callable from tests: it parses args, runs the load, writes the log
// and prints the summary, and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseConfig(args, stderr)
	switch {
	case errors.Is(err, errVersionRequested):
		fmt.Fprintf(stdout, "relix-load %s\n", version)
		return exitOK
	case errors.Is(err, errHelpRequested):
		return exitOK
	case err != nil:
		fmt.Fprintf(stderr, "relix-load: %v\n", err)
		return exitUsage
	}
	specs, err := loadRequests(cfg.requestsFile)
	if err != nil {
		fmt.Fprintf(stderr, "relix-load: %v\n", err)
		return exitUsage
	}
	requests := prepareRequests(specs, cfg)
	logFile, err := os.Create(cfg.logFile)
	if err != nil {
		fmt.Fprintf(stderr, "relix-load: --log: %v\n", err)
		return exitUsage
	}

	previousProcs := runtime.GOMAXPROCS(cfg.threads)
	defer runtime.GOMAXPROCS(previousProcs)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(signals)

	clock := newRunClock()
	rec := newRecorder(logFile, clock)
	r := newLoadRun(cfg, requests, clock, rec)
	if code, msg := r.start(); code != exitOK {
		r.finish()
		rec.close()
		fmt.Fprintf(stderr, "relix-load: %s\n", msg)
		return code
	}
	interrupted, capFired := r.waitForEnd(signals)
	end := time.Now()
	r.finish()
	if err := rec.close(); err != nil {
		fmt.Fprintf(stderr, "relix-load: writing --log %s: %v\n", cfg.logFile, err)
		return exitFailure
	}
	started := atomic.LoadInt64(&r.started)
	s := r.summary(end, started)
	s.Interrupted = interrupted
	s.StoppedAtTimeCap = capFired && cfg.total > 0 && started < cfg.total
	if err := writeSummary(stdout, s); err != nil {
		fmt.Fprintf(stderr, "relix-load: writing the summary: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// start opens every connection, then starts the callers. Nothing is sent until all connections
// are open, so a server that cannot be reached fails the run before its first call.
func (r *loadRun) start() (code int, msg string) {
	if r.cfg.protocol == protoH1 {
		return r.startH1()
	}
	return r.startH2()
}

func (r *loadRun) startH1() (int, string) {
	slots := make([]*h1Slot, r.cfg.connections)
	for i := range slots {
		slots[i] = newH1Slot(r)
		if err := slots[i].open(); err != nil {
			return exitCannotStart, fmt.Sprintf("cannot connect to %s: %v", r.cfg.target, err)
		}
	}
	r.beginIssuing()
	for _, s := range slots {
		if r.cfg.openLoop() {
			r.free <- s
		}
		r.wg.Add(1)
		go s.loop()
	}
	if r.cfg.openLoop() {
		r.wg.Add(1)
		go r.pace()
	}
	return exitOK, ""
}

func (r *loadRun) startH2() (int, string) {
	conns := make([]*h2Conn, r.cfg.connections)
	transports := make([]*h2Transport, r.cfg.connections)
	perConn := r.cfg.streamsPerConn()
	for i := range conns {
		t, err := openH2Transport(r)
		if err != nil {
			var he *handshakeError
			if errors.As(err, &he) {
				return exitCannotStart, fmt.Sprintf("HTTP/2 handshake with %s failed: %v", r.cfg.target, he)
			}
			return exitCannotStart, fmt.Sprintf("cannot connect to %s: %v", r.cfg.target, err)
		}
		if t.peerMaxConcurrentSet && int64(t.peerMaxConcurrent) < int64(perConn) {
			return exitUsage, fmt.Sprintf("the server at %s allows %d concurrent streams per connection, but --in-flight %d over --connections %d needs %d; raise --connections",
				r.cfg.target, t.peerMaxConcurrent, r.cfg.inFlight, r.cfg.connections, perConn)
		}
		conns[i] = newH2Conn(r)
		transports[i] = t
	}
	r.beginIssuing()
	for i, c := range conns {
		if r.cfg.openLoop() {
			for j := 0; j < perConn; j++ {
				r.free <- c
			}
		}
		r.wg.Add(1)
		go c.serve(transports[i])
	}
	r.wg.Add(1)
	go r.watchDeadlines(conns)
	if r.cfg.openLoop() {
		r.wg.Add(1)
		go r.pace()
	}
	return exitOK, ""
}

// beginIssuing starts the clocks of --duration-ms and of the open-loop schedule, once every
// connection is open.
func (r *loadRun) beginIssuing() {
	r.issueStart = time.Now()
	if r.cfg.duration > 0 {
		r.issueUntil = r.issueStart.Add(r.cfg.duration)
	}
}

// waitForEnd waits until issuing stops (count reached, time cap, or a signal), then for the calls
// in flight to finish within the drain time. A signal skips the drain.
func (r *loadRun) waitForEnd(signals <-chan os.Signal) (interrupted, capFired bool) {
	var capC <-chan time.Time
	if r.cfg.duration > 0 {
		capTimer := time.NewTimer(time.Until(r.issueUntil))
		defer capTimer.Stop()
		capC = capTimer.C
	}
	select {
	case <-r.stopCh:
	case <-capC:
		capFired = true
		r.stop()
	case <-signals:
		r.stop()
		return true, false
	}
	drain := time.NewTimer(r.cfg.drain)
	defer drain.Stop()
	for atomic.LoadInt64(&r.inFlight) > 0 {
		select {
		case <-r.idleCh:
		case <-drain.C:
			return false, capFired
		case <-signals:
			return true, capFired
		}
	}
	return false, capFired
}
