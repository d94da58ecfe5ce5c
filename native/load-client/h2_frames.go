package main

import (
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// handleFrame dispatches one frame from the server; an error ends the connection.
func (c *h2Conn) handleFrame(f http2.Frame) error {
	switch f := f.(type) {
	case *http2.DataFrame:
		c.onData(f)
	case *http2.HeadersFrame:
		return c.beginHeaderBlock(c.streams[f.StreamID], f.HeaderBlockFragment(), f.HeadersEnded(), f.StreamEnded())
	case *http2.ContinuationFrame:
		return c.continueHeaderBlock(f.HeaderBlockFragment(), f.HeadersEnded())
	case *http2.PushPromiseFrame:
		// Push is off in our SETTINGS, but the block is still decoded: skipping it would leave
		// the HPACK table out of step with the server's.
		return c.beginHeaderBlock(nil, f.HeaderBlockFragment(), f.HeadersEnded(), false)
	case *http2.RSTStreamFrame:
		if s := c.streams[f.StreamID]; s != nil {
			c.finishStream(s, resetCode(f.ErrCode), false, false)
		}
	case *http2.SettingsFrame:
		if !f.IsAck() {
			c.applySettings(f)
		}
	case *http2.PingFrame:
		if !f.IsAck() {
			c.check(c.t.fr.WritePing(true, f.Data))
		}
	case *http2.WindowUpdateFrame:
		c.onWindowUpdate(f)
	case *http2.GoAwayFrame:
		c.onGoAway(f)
	}
	return nil
}

// onHeaderField receives each decoded response header field.
func (c *h2Conn) onHeaderField(f hpack.HeaderField) {
	if c.decoding != nil {
		c.decoding.onField(f.Name, f.Value)
	}
}

// beginHeaderBlock decodes a HEADERS frame. s is nil for a stream already finished (timed out,
// reset): its headers are decoded all the same, to keep the HPACK table in step.
func (c *h2Conn) beginHeaderBlock(s *h2Stream, fragment []byte, endHeaders, endStream bool) error {
	c.decoding = s
	c.decodingEndsStream = endStream
	if s != nil {
		s.beginHeaderBlock()
	}
	return c.continueHeaderBlock(fragment, endHeaders)
}

func (c *h2Conn) continueHeaderBlock(fragment []byte, endHeaders bool) error {
	if _, err := c.dec.Write(fragment); err != nil {
		return err
	}
	if !endHeaders {
		return nil
	}
	s := c.decoding
	c.decoding = nil
	if err := c.dec.Close(); err != nil {
		return err
	}
	if s == nil {
		return nil
	}
	s.endHeaderBlock()
	if c.decodingEndsStream {
		c.endStream(s)
	}
	return nil
}

// onData takes response body bytes, checks gRPC framing, and gives flow-control window back.
func (c *h2Conn) onData(f *http2.DataFrame) {
	// Flow control counts the whole payload, padding included, on every stream, known or not.
	n := int64(f.Length)
	if n > 0 {
		c.connRecvUnacked += n
		// Window is given back once half is used: fewer WINDOW_UPDATEs than one per frame,
		// while the server never stalls as long as we keep reading.
		if c.connRecvUnacked >= int64(c.run.cfg.connWindow/2) {
			c.check(c.t.fr.WriteWindowUpdate(0, uint32(c.connRecvUnacked)))
			c.connRecvUnacked = 0
		}
	}
	s := c.streams[f.StreamID]
	if s == nil {
		return
	}
	data := f.Data()
	s.bodyBytes += int64(len(data))
	if s.bodyBytes > maxResponseBodyBytes {
		s.failedOverSize = true
		c.finishStream(s, codeMalformedResponse, false, true)
		return
	}
	if c.grpc {
		s.grpcFraming.feed(data)
	}
	if f.StreamEnded() {
		c.endStream(s)
		return
	}
	if n > 0 {
		s.recvUnacked += n
		if s.recvUnacked >= int64(c.run.cfg.streamWindow/2) {
			c.check(c.t.fr.WriteWindowUpdate(s.id, uint32(s.recvUnacked)))
			s.recvUnacked = 0
		}
	}
}

func (c *h2Conn) applySettings(f *http2.SettingsFrame) {
	_ = f.ForeachSetting(func(st http2.Setting) error {
		switch st.ID {
		case http2.SettingInitialWindowSize:
			// A new initial window moves every open stream's window by the difference.
			delta := int64(st.Val) - c.peerInitialWindow
			c.peerInitialWindow = int64(st.Val)
			for _, s := range c.streams {
				s.sendWindow += delta
			}
		case http2.SettingMaxFrameSize:
			c.peerMaxFrameSize = st.Val
		}
		return nil
	})
	c.check(c.t.fr.WriteSettingsAck())
	c.sendBlocked()
}

func (c *h2Conn) onWindowUpdate(f *http2.WindowUpdateFrame) {
	if f.StreamID == 0 {
		c.connSendWindow += int64(f.Increment)
	} else if s := c.streams[f.StreamID]; s != nil {
		s.sendWindow += int64(f.Increment)
	}
	c.sendBlocked()
}

// onGoAway stops new calls on this connection. Calls on streams the server says it never
// processed fail with goaway; the rest may still finish, after which the connection is replaced.
func (c *h2Conn) onGoAway(f *http2.GoAwayFrame) {
	c.state = h2Draining
	for id, s := range c.streams {
		if id > f.LastStreamID {
			c.finishStream(s, codeGoaway, false, false)
		}
	}
}
