package main

import (
	"errors"
	"net"
	"sync/atomic"
	"time"
)

// countingConn counts the bytes a connection carries each way, for the summary's totals.
type countingConn struct {
	net.Conn
	run *loadRun
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		atomic.AddInt64(&c.run.bytesReceived, int64(n))
	}
	return n, err
}

func (c *countingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	if n > 0 {
		atomic.AddInt64(&c.run.bytesSent, int64(n))
	}
	return n, err
}

var errRunFinished = errors.New("the run is over")

// dial opens a TCP connection to the target, giving up at deadline or when the run finishes. The
// connection is registered so that finish can close it and free whoever is blocked on it.
func (r *loadRun) dial(deadline time.Time) (net.Conn, error) {
	d := net.Dialer{Deadline: deadline}
	nc, err := d.DialContext(r.ctx, "tcp", r.cfg.target)
	if err != nil {
		return nil, err
	}
	atomic.AddInt64(&r.connectionsOpened, 1)
	c := &countingConn{Conn: nc, run: r}
	r.connsMu.Lock()
	if r.finished {
		r.connsMu.Unlock()
		nc.Close()
		return nil, errRunFinished
	}
	r.conns[c] = struct{}{}
	r.connsMu.Unlock()
	return c, nil
}

// closeConn closes a connection that dial opened.
func (r *loadRun) closeConn(c net.Conn) {
	r.connsMu.Lock()
	delete(r.conns, c)
	r.connsMu.Unlock()
	c.Close()
}
