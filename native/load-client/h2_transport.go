package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"golang.org/x/net/http2"
)

// HTTP/2's defaults (RFC 9113 section 6.5.2), in force until the server's SETTINGS say otherwise.
const (
	h2DefaultWindow       = 65535
	h2DefaultMaxFrameSize = 16384
	h2MaxStreamID         = 1<<31 - 1
)

// h2Transport is one open HTTP/2 connection after its preface exchange.
type h2Transport struct {
	nc     net.Conn
	reader *socketReader
	br     *bufio.Reader
	bw     *bufio.Writer
	fr     *http2.Framer
	// The server's first SETTINGS.
	peerInitialWindow    int64
	peerMaxFrameSize     uint32
	peerMaxConcurrent    uint32
	peerMaxConcurrentSet bool
}

// handshakeError is a server that accepted the TCP connection but did not speak HTTP/2 with
// prior knowledge.
type handshakeError struct{ msg string }

func (e *handshakeError) Error() string { return e.msg }

// openH2Transport connects, sends the client preface with our SETTINGS (and the connection
// window), and waits for the server's SETTINGS, all within the handshake timeout.
func openH2Transport(r *loadRun) (*h2Transport, error) {
	timeout := r.cfg.handshakeTimeout()
	deadline := time.Now().Add(timeout)
	nc, err := r.dial(deadline)
	if err != nil {
		return nil, err
	}
	t, err := handshakeH2(nc, r, deadline, timeout)
	if err != nil {
		r.closeConn(nc)
		return nil, err
	}
	return t, nil
}

func handshakeH2(nc net.Conn, r *loadRun, deadline time.Time, timeout time.Duration) (*h2Transport, error) {
	cfg := r.cfg
	if err := nc.SetDeadline(deadline); err != nil {
		return nil, err
	}
	reader := newSocketReader(nc, r)
	t := &h2Transport{
		nc:                nc,
		reader:            reader,
		br:                bufio.NewReaderSize(reader, 64<<10),
		bw:                bufio.NewWriterSize(nc, 64<<10),
		peerInitialWindow: h2DefaultWindow,
		peerMaxFrameSize:  h2DefaultMaxFrameSize,
	}
	t.fr = http2.NewFramer(t.bw, t.br)
	// Frames are handled before the next is read, so the framer may reuse DATA frame structs.
	t.fr.SetReuseFrames()

	if _, err := t.bw.WriteString(http2.ClientPreface); err != nil {
		return nil, err
	}
	settings := []http2.Setting{
		{ID: http2.SettingEnablePush, Val: 0},
		{ID: http2.SettingInitialWindowSize, Val: cfg.streamWindow},
	}
	if err := t.fr.WriteSettings(settings...); err != nil {
		return nil, err
	}
	if cfg.connWindow > h2DefaultWindow {
		// The connection window has no setting; it is raised from 65535 by a WINDOW_UPDATE.
		if err := t.fr.WriteWindowUpdate(0, cfg.connWindow-h2DefaultWindow); err != nil {
			return nil, err
		}
	}
	if err := t.bw.Flush(); err != nil {
		return nil, err
	}

	// A server without h2c answers the preface as an HTTP/1.1 request; say so rather than
	// report a frame error.
	head, err := t.br.Peek(9)
	if bytes.HasPrefix(head, []byte("HTTP/")) {
		return nil, &handshakeError{msg: "the server answered in HTTP/1.x: it does not speak HTTP/2 with prior knowledge (h2c)"}
	}
	if err != nil {
		switch {
		case isTimeout(err):
			return nil, &handshakeError{msg: fmt.Sprintf("no HTTP/2 SETTINGS from the server within %v", timeout)}
		case errors.Is(err, io.EOF):
			return nil, &handshakeError{msg: "the server closed the connection during the HTTP/2 handshake"}
		}
		return nil, &handshakeError{msg: fmt.Sprintf("HTTP/2 handshake: %v", err)}
	}
	f, err := t.fr.ReadFrame()
	if err != nil {
		return nil, &handshakeError{msg: fmt.Sprintf("HTTP/2 handshake: the server's first frame is unreadable: %v", err)}
	}
	sf, ok := f.(*http2.SettingsFrame)
	if !ok || sf.IsAck() {
		return nil, &handshakeError{msg: fmt.Sprintf("HTTP/2 handshake: the server's first frame is %v, not SETTINGS", f.Header().Type)}
	}
	err = sf.ForeachSetting(func(s http2.Setting) error {
		switch s.ID {
		case http2.SettingInitialWindowSize:
			t.peerInitialWindow = int64(s.Val)
		case http2.SettingMaxFrameSize:
			t.peerMaxFrameSize = s.Val
		case http2.SettingMaxConcurrentStreams:
			t.peerMaxConcurrent, t.peerMaxConcurrentSet = s.Val, true
		}
		return nil
	})
	if err != nil {
		return nil, &handshakeError{msg: fmt.Sprintf("HTTP/2 handshake: %v", err)}
	}
	if err := t.fr.WriteSettingsAck(); err != nil {
		return nil, err
	}
	if err := t.bw.Flush(); err != nil {
		return nil, err
	}
	// From here on a read waits as long as it must: calls carry their own deadlines.
	if err := nc.SetDeadline(time.Time{}); err != nil {
		return nil, err
	}
	return t, nil
}
