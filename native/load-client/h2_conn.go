package main

import (
	"sync"
	"time"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

type h2ConnState int

const (
	h2Up         h2ConnState = iota
	h2Connecting             // lost or never opened: new calls wait (parked) for the reconnect
	h2Draining               // GOAWAY, or stream IDs used up: open streams finish, then reconnect
)

// h2Conn is one of the --connections HTTP/2 connections and its share of the in-flight slots.
// It outlives the TCP connections under it: when one is lost or drained, a new one replaces it.
//
// One goroutine per connection reads frames and dispatches them to per-stream state; there is no
// goroutine per call. Everything below is guarded by mu, which the reader, the open-loop pacer and
// the deadline watcher take. Frames are written into a buffer under it; the reader flushes only
// when the socket has nothing more for it (socketReader), so responses read in one batch are
// answered by one write.
type h2Conn struct {
	run  *loadRun
	grpc bool

	mu       sync.Mutex
	state    h2ConnState
	t        *h2Transport
	dec      *hpack.Decoder
	decoding *h2Stream // the stream whose header block is being decoded; nil: discard the fields
	// decodingEndsStream: the HEADERS frame being decoded carried END_STREAM.
	decodingEndsStream bool
	primed             bool // closed loop: the first calls have been issued

	nextStreamID uint32
	streams      map[uint32]*h2Stream
	spare        []*h2Stream
	// parked are calls claimed while no connection could take them; sent on the next connection.
	parked []callTicket

	// Send side: the server's windows and frame size, and streams whose body waits for window.
	connSendWindow    int64
	peerInitialWindow int64
	peerMaxFrameSize  uint32
	blocked           []*h2Stream

	// Receive side: DATA bytes consumed and not yet given back to the server's connection window.
	connRecvUnacked int64
}

func newH2Conn(r *loadRun) *h2Conn {
	return &h2Conn{run: r, grpc: r.cfg.grpc, state: h2Connecting, streams: map[uint32]*h2Stream{}}
}

// serve reads the connection until the run ends, replacing the TCP connection whenever it is lost.
func (c *h2Conn) serve(first *h2Transport) {
	defer c.run.wg.Done()
	t := first
	for {
		c.attach(t)
		c.readLoop(t)
		c.detach(t)
		t = nil
		for t == nil {
			if c.run.isStopping() {
				c.giveBackParked()
				return
			}
			attemptStart := time.Now()
			next, err := openH2Transport(c.run)
			if err == nil && c.run.isStopping() {
				// Issuing stopped during the handshake: the parked calls are not sent after all.
				c.run.closeConn(next.nc)
				c.giveBackParked()
				return
			}
			if err == nil {
				t = next
				break
			}
			c.failParked(err, attemptStart)
			if !c.run.pause(connectRetryDelay) {
				c.giveBackParked()
				return
			}
		}
	}
}

// attach puts a newly opened connection to use: the first calls in closed loop, then any calls
// that were parked while there was none.
func (c *h2Conn) attach(t *h2Transport) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
	c.state = h2Up
	c.nextStreamID = 1
	// HPACK's dynamic table belongs to one TCP connection, so each gets a fresh decoder.
	c.dec = hpack.NewDecoder(4096, c.onHeaderField)
	c.dec.SetMaxStringLength(maxH1HeaderBytes)
	c.connSendWindow = h2DefaultWindow
	c.peerInitialWindow = t.peerInitialWindow
	c.peerMaxFrameSize = t.peerMaxFrameSize
	c.connRecvUnacked = 0
	t.reader.beforeBlock = c.flushBeforeBlock
	if !c.primed {
		c.primed = true
		if !c.run.cfg.openLoop() {
			for i := 0; i < c.run.cfg.streamsPerConn(); i++ {
				ticket, ok := c.run.claim()
				if !ok {
					break
				}
				c.issueLocked(ticket)
			}
		}
	}
	parked := c.parked
	c.parked = nil
	for _, ticket := range parked {
		c.issueLocked(ticket)
	}
	c.flushLocked()
}

// readLoop handles frames until the connection fails or, draining, has no stream left.
func (c *h2Conn) readLoop(t *h2Transport) {
	for {
		f, err := t.fr.ReadFrame()
		if err != nil {
			return
		}
		c.mu.Lock()
		err = c.handleFrame(f)
		drained := c.state == h2Draining && len(c.streams) == 0
		c.mu.Unlock()
		if err != nil || drained {
			return
		}
	}
}

// detach closes a connection that failed or drained; its unfinished calls fail.
func (c *h2Conn) detach(t *h2Transport) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.run.closeConn(t.nc)
	c.state = h2Connecting
	c.t = nil
	c.decoding = nil
	c.blocked = c.blocked[:0]
	for _, s := range c.streams {
		c.finishStream(s, codeConnectionLost, false, false)
	}
}

// failParked fails the calls waiting for a connection when a reconnect failed. They count as
// calls (a dead server shows as failures, not as silence), at most one per slot per retry delay.
func (c *h2Conn) failParked(err error, attemptStart time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	code := connectErrorCode(err)
	parked := c.parked
	c.parked = nil
	end := time.Now()
	for _, ticket := range parked {
		c.run.markSent(attemptStart)
		res := callResult{start: attemptStart, end: end, due: ticket.due, code: code, connectUs: -1}
		c.run.complete(&res)
		c.slotFreed()
	}
}

// giveBackParked returns the parked calls unsent when issuing has stopped.
func (c *h2Conn) giveBackParked() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for range c.parked {
		c.run.release()
	}
	c.parked = nil
}

// assign sends a call the open-loop pacer handed to one of this connection's free slots.
func (c *h2Conn) assign(t callTicket) {
	c.mu.Lock()
	c.issueLocked(t)
	c.flushLocked()
	c.mu.Unlock()
}

// issueLocked sends a call, or parks it while there is no connection to take it.
func (c *h2Conn) issueLocked(ticket callTicket) {
	if c.state != h2Up {
		c.parked = append(c.parked, ticket)
		return
	}
	if c.nextStreamID > h2MaxStreamID {
		// Stream IDs are used up: this connection takes no more calls and is replaced once its
		// streams have finished (closing an idle one now wakes the reader to do so).
		c.state = h2Draining
		c.parked = append(c.parked, ticket)
		if len(c.streams) == 0 {
			go c.t.nc.Close()
		}
		return
	}
	req := c.run.request(ticket.index)
	s := c.newStream()
	s.id = c.nextStreamID
	c.nextStreamID += 2
	s.ticket = ticket
	s.sendWindow = c.peerInitialWindow
	s.start = time.Now()
	s.deadline = s.start.Add(c.run.cfg.timeout)
	c.run.markSent(s.start)
	c.streams[s.id] = s
	c.writeHeaders(s.id, req.h2Block, len(req.body) == 0)
	if len(req.body) == 0 {
		s.requestDone = true
		return
	}
	s.bodyLeft = req.body
	if !c.sendBody(s) {
		s.blocked = true
		c.blocked = append(c.blocked, s)
	}
}

// finishStream completes a call: logs it, frees its stream and its slot. sendCancel resets the
// stream on the server's side too (timeout, oversized response, or a response that ended while
// the request body was still being sent).
func (c *h2Conn) finishStream(s *h2Stream, code string, ok bool, sendCancel bool) {
	delete(c.streams, s.id)
	if c.state == h2Draining && len(c.streams) == 0 && c.t != nil {
		// The last stream of a draining connection: closing it wakes the reader to reconnect even
		// when this call ended by timeout rather than by a frame.
		go c.t.nc.Close()
	}
	if s.blocked {
		c.unblock(s)
	}
	if sendCancel && c.t != nil {
		c.check(c.t.fr.WriteRSTStream(s.id, http2.ErrCodeCancel))
	}
	res := callResult{start: s.start, end: time.Now(), due: s.ticket.due, code: code, ok: ok, connectUs: -1}
	if c.grpc && !ok {
		res.message = s.grpcMessage
	}
	c.run.complete(&res)
	c.recycle(s)
	c.slotFreed()
}

// endStream completes a call whose response ended (END_STREAM).
func (c *h2Conn) endStream(s *h2Stream) {
	code, ok := s.outcome(c.grpc)
	c.finishStream(s, code, ok, !s.requestDone)
}

// slotFreed gives the slot of a finished call its next call: in closed loop at once, on this
// connection; in open loop back to the pacer.
func (c *h2Conn) slotFreed() {
	if c.run.cfg.openLoop() {
		c.run.free <- c
		return
	}
	if ticket, ok := c.run.claim(); ok {
		c.issueLocked(ticket)
	}
}

func (c *h2Conn) newStream() *h2Stream {
	if n := len(c.spare); n > 0 {
		s := c.spare[n-1]
		c.spare = c.spare[:n-1]
		return s
	}
	s := &h2Stream{}
	s.reset()
	return s
}

func (c *h2Conn) recycle(s *h2Stream) {
	s.reset()
	c.spare = append(c.spare, s)
}

// flushLocked writes out the frames buffered so far.
func (c *h2Conn) flushLocked() {
	if c.t != nil && c.t.bw.Buffered() > 0 {
		c.check(c.t.bw.Flush())
	}
}

// flushBeforeBlock is the reader's hook for when it runs out of data to read.
func (c *h2Conn) flushBeforeBlock() {
	c.mu.Lock()
	c.flushLocked()
	c.mu.Unlock()
}

// check reacts to a write error: the connection is closed, so its reader fails its calls and
// reconnects. The close runs on its own goroutine because a flush can fail inside the reader's
// own read of the socket, and closing a socket waits for the reads under way to return.
func (c *h2Conn) check(err error) {
	if err != nil && c.t != nil {
		go c.t.nc.Close()
	}
}

// expire times out the calls past their deadline and returns the earliest deadline still ahead
// (zero if none).
func (c *h2Conn) expire(now time.Time) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	var next time.Time
	for _, s := range c.streams {
		if !s.deadline.After(now) {
			c.finishStream(s, codeTimeout, false, true)
		} else if next.IsZero() || s.deadline.Before(next) {
			next = s.deadline
		}
	}
	c.flushLocked()
	return next
}
