package main

import "net"

// socketReader feeds an HTTP/2 connection's frame reader. Just before a read would block for want
// of data it calls beforeBlock, which flushes the frames written meanwhile. Writes are so held
// until everything the server has sent so far is read: the responses that arrived together are
// answered (next requests, WINDOW_UPDATEs) by one write, as h2load does, and yet nothing stays
// unsent while the reader sleeps. On a loopback benchmark each write costs the client most of its
// CPU, so this matters more than anything done in user space.
type socketReader struct {
	conn        net.Conn // the counting connection, for plain blocking reads
	run         *loadRun
	beforeBlock func() // nil during the handshake, which flushes for itself
	// rawRead is the platform's read that calls beforeBlock only when the socket is empty; nil
	// where there is none, and then beforeBlock runs before every read of the socket.
	rawRead func(p []byte) (int, error)
}

func newSocketReader(nc net.Conn, r *loadRun) *socketReader {
	s := &socketReader{conn: nc, run: r}
	s.rawRead = rawReaderFor(s)
	return s
}

func (s *socketReader) Read(p []byte) (int, error) {
	if s.beforeBlock == nil {
		return s.conn.Read(p)
	}
	if s.rawRead != nil {
		return s.rawRead(p)
	}
	s.beforeBlock()
	return s.conn.Read(p)
}
