package main

import (
	"bufio"
	"os"
	"strconv"
	"sync"
	"time"
)

// callResult is one completed call, as the log and the summary count it.
type callResult struct {
	start     time.Time // the call's send (or, for a failed connect, the connect's start)
	end       time.Time
	due       time.Time // open loop: when the call was due; zero in closed loop
	code      string
	ok        bool
	connectUs int64  // --new-connection-per-call: the call's TCP connect time; -1 otherwise
	message   string // gRPC: the raw grpc-message, kept for the summary
}

// recorder writes the log, one line per completed call in completion order, and keeps the
// summary's counts. Connections complete calls from their own goroutines, so it is locked; the
// line is built in a buffer it reuses, so logging a call allocates nothing.
type recorder struct {
	mu       sync.Mutex
	clock    runClock
	file     *os.File
	w        *bufio.Writer
	line     []byte
	closed   bool
	writeErr error
	done     int64
	ok       int64
	codes    map[string]int64
	messages map[string]string
}

func newRecorder(file *os.File, clock runClock) *recorder {
	return &recorder{
		clock:    clock,
		file:     file,
		w:        bufio.NewWriterSize(file, 256<<10),
		line:     make([]byte, 0, 128),
		codes:    map[string]int64{},
		messages: map[string]string{},
	}
}

// record logs a completed call. After close (the run is over), calls still finishing are
// dropped: they are counted as started but not done.
func (rc *recorder) record(res *callResult) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.closed {
		return
	}
	b := rc.line[:0]
	b = strconv.AppendInt(b, rc.clock.epochUs(res.start), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, microseconds(res.end.Sub(res.start)), 10)
	b = append(b, '\t')
	if res.due.IsZero() {
		b = append(b, '-')
	} else {
		b = strconv.AppendInt(b, microseconds(res.end.Sub(res.due)), 10)
	}
	b = append(b, '\t')
	b = append(b, res.code...)
	if res.ok {
		b = append(b, "\t1\t"...)
	} else {
		b = append(b, "\t0\t"...)
	}
	if res.connectUs < 0 {
		b = append(b, '-')
	} else {
		b = strconv.AppendInt(b, res.connectUs, 10)
	}
	b = append(b, '\n')
	rc.line = b
	if _, err := rc.w.Write(b); err != nil && rc.writeErr == nil {
		rc.writeErr = err
	}

	rc.done++
	if res.ok {
		rc.ok++
	}
	rc.codes[res.code]++
	if res.message != "" {
		if _, seen := rc.messages[res.code]; !seen {
			rc.messages[res.code] = percentDecode(res.message)
		}
	}
}

// stopRecording ends the log: calls completing after it are dropped. The run calls it before it
// closes its connections, whose calls would otherwise be logged as lost.
func (rc *recorder) stopRecording() {
	rc.mu.Lock()
	rc.closed = true
	rc.mu.Unlock()
}

// close stops logging, flushes the log and closes its file; it reports any write error.
func (rc *recorder) close() error {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.file == nil {
		return rc.writeErr
	}
	rc.closed = true
	if err := rc.w.Flush(); err != nil && rc.writeErr == nil {
		rc.writeErr = err
	}
	if err := rc.file.Close(); err != nil && rc.writeErr == nil {
		rc.writeErr = err
	}
	rc.file = nil
	return rc.writeErr
}
