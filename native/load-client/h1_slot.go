package main

import (
	"bufio"
	"errors"
	"net"
	"time"
)

// connectRetryDelay is how long a slot waits after a failed connect before its next call, so a
// dead server costs at most a few failures per slot per second instead of a spin.
const connectRetryDelay = 50 * time.Millisecond

// h1Slot is one HTTP/1.1 caller: a goroutine that owns one connection at a time and carries one
// call at a time on it, writing the pre-encoded request and then reading the response.
type h1Slot struct {
	run  *loadRun
	conn net.Conn
	br   *bufio.Reader
	// callsOnConn counts calls the current connection has carried, to tell a keep-alive
	// connection the server may have closed while idle from a fresh one.
	callsOnConn int
	// preDialUs is the connect time of a connection opened at start for --new-connection-per-call,
	// reported by the call that uses it; -1 when there is none.
	preDialUs int64
	work      chan callTicket // open loop: calls from the pacer
}

func newH1Slot(r *loadRun) *h1Slot {
	s := &h1Slot{run: r, preDialUs: -1}
	if r.cfg.openLoop() {
		s.work = make(chan callTicket, 1)
	}
	return s
}

// open connects at start, before the first call of the run.
func (s *h1Slot) open() error {
	start := time.Now()
	nc, err := s.run.dial(start.Add(s.run.cfg.handshakeTimeout()))
	if err != nil {
		return err
	}
	s.attach(nc)
	if s.run.cfg.newConnPerCall {
		s.preDialUs = microseconds(time.Since(start))
	}
	return nil
}

func (s *h1Slot) attach(nc net.Conn) {
	s.conn = nc
	s.callsOnConn = 0
	if s.br == nil {
		s.br = bufio.NewReaderSize(nc, h1ReadBufferSize)
	} else {
		s.br.Reset(nc)
	}
}

func (s *h1Slot) dropConn() {
	if s.conn != nil {
		s.run.closeConn(s.conn)
		s.conn = nil
	}
}

func (s *h1Slot) assign(t callTicket) { s.work <- t }

// loop runs the slot's calls until issuing stops.
func (s *h1Slot) loop() {
	defer s.run.wg.Done()
	defer s.dropConn()
	for {
		t, ok := s.next()
		if !ok {
			return
		}
		if connectFailed := s.call(t); connectFailed {
			s.run.pause(connectRetryDelay)
		}
		if s.run.cfg.openLoop() {
			s.run.free <- s
		}
	}
}

func (s *h1Slot) next() (callTicket, bool) {
	if !s.run.cfg.openLoop() {
		return s.run.claim()
	}
	select {
	case t := <-s.work:
		return t, true
	case <-s.run.stopCh:
		// A call the pacer handed over just as issuing stopped is given back unsent.
		select {
		case <-s.work:
			s.run.release()
		default:
		}
		return callTicket{}, false
	}
}

// call carries one call; it reports whether it failed for want of a connection.
func (s *h1Slot) call(t callTicket) (connectFailed bool) {
	r := s.run
	req := r.request(t.index)
	res := callResult{due: t.due, connectUs: -1}
	if r.cfg.newConnPerCall {
		res.connectUs = s.preDialUs
		s.preDialUs = -1
	}
	if s.conn == nil {
		connectStart := time.Now()
		nc, err := r.dial(connectStart.Add(r.cfg.timeout))
		if err != nil {
			res.start, res.end = connectStart, time.Now()
			res.code = connectErrorCode(err)
			if r.cfg.newConnPerCall {
				res.connectUs = microseconds(res.end.Sub(connectStart))
			}
			r.markSent(connectStart)
			r.complete(&res)
			return true
		}
		s.attach(nc)
		if r.cfg.newConnPerCall {
			res.connectUs = microseconds(time.Since(connectStart))
		}
	}

	res.start = time.Now()
	r.markSent(res.start)
	resp, err := s.exchange(req, res.start)
	if err != nil && s.callsOnConn > 0 && isStaleConnection(err) {
		// The server closed this idle keep-alive connection before it could see the request.
		// Clients resend in that case (RFC 9112 section 9.3.1); the reconnect counts in the
		// call's latency.
		s.dropConn()
		nc, dialErr := r.dial(res.start.Add(r.cfg.timeout))
		if dialErr != nil {
			res.end = time.Now()
			res.code = connectErrorCode(dialErr)
			r.complete(&res)
			return true
		}
		s.attach(nc)
		resp, err = s.exchange(req, res.start)
	}
	res.end = time.Now()
	s.callsOnConn++
	if err != nil {
		res.code = transportErrorCode(err)
		s.dropConn()
	} else {
		res.code = statusCodeText(resp.status)
		res.ok = isSuccessStatus(resp.status)
		if resp.closeAfter || r.cfg.newConnPerCall {
			s.dropConn()
		}
	}
	r.complete(&res)
	return false
}

// exchange writes the request and reads the response, all within the call's deadline.
func (s *h1Slot) exchange(req *preparedRequest, start time.Time) (h1Response, error) {
	if err := s.conn.SetDeadline(start.Add(s.run.cfg.timeout)); err != nil {
		return h1Response{}, err
	}
	if _, err := s.conn.Write(req.h1); err != nil {
		return h1Response{}, &errNothingReceived{err: err}
	}
	return readH1Response(s.br, req.noResponseBody)
}

// isStaleConnection tells a connection the server had already closed (nothing came back, and not
// for want of time) from a call that failed on a live one.
func isStaleConnection(err error) bool {
	var nr *errNothingReceived
	return errors.As(err, &nr) && !isTimeout(err)
}
