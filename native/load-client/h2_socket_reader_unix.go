//go:build unix

package main

import (
	"io"
	"os"
	"sync/atomic"
	"syscall"
)

// rawSocketRead first tries the socket without waiting, and calls beforeBlock only when that
// finds nothing, before waiting for data through Go's poller.
type rawSocketRead struct {
	s   *socketReader
	raw syscall.RawConn
	// attempt is the callback handed to raw.Read, made once: a closure made per read would be
	// an allocation per read. Its inputs and results live in the fields below.
	attempt func(fd uintptr) bool
	p       []byte
	n       int
	err     error
	flushed bool
}

func rawReaderFor(s *socketReader) func(p []byte) (int, error) {
	cc, ok := s.conn.(*countingConn)
	if !ok {
		return nil
	}
	sc, ok := cc.Conn.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	r := &rawSocketRead{s: s, raw: raw}
	r.attempt = r.tryRead
	return r.read
}

func (r *rawSocketRead) tryRead(fd uintptr) bool {
	for {
		r.n, r.err = syscall.Read(int(fd), r.p)
		if r.err != syscall.EINTR {
			break
		}
	}
	if r.err == syscall.EAGAIN {
		if !r.flushed {
			r.flushed = true
			r.s.beforeBlock()
		}
		return false // wait until readable, then this runs again
	}
	return true
}

func (r *rawSocketRead) read(p []byte) (int, error) {
	r.p, r.n, r.err, r.flushed = p, 0, nil, false
	err := r.raw.Read(r.attempt)
	r.p = nil
	switch {
	case err != nil:
		return 0, err
	case r.err != nil:
		return 0, os.NewSyscallError("read", r.err)
	case r.n == 0:
		return 0, io.EOF
	}
	atomic.AddInt64(&r.s.run.bytesReceived, int64(r.n))
	return r.n, nil
}
