package main

import "golang.org/x/net/http2"

// writeHeaders sends a pre-encoded header block, split into CONTINUATION frames if it exceeds the
// server's maximum frame size.
func (c *h2Conn) writeHeaders(id uint32, block []byte, endStream bool) {
	max := int(c.peerMaxFrameSize)
	first := block
	if len(first) > max {
		first = first[:max]
	}
	c.check(c.t.fr.WriteHeaders(http2.HeadersFrameParam{
		StreamID:      id,
		BlockFragment: first,
		EndStream:     endStream,
		EndHeaders:    len(first) == len(block),
	}))
	for rest := block[len(first):]; len(rest) > 0; {
		n := len(rest)
		if n > max {
			n = max
		}
		c.check(c.t.fr.WriteContinuation(id, n == len(rest), rest[:n]))
		rest = rest[n:]
	}
}

// sendBody sends as much of the stream's request body as the server's windows and frame size
// allow; it reports whether the body is all sent (the last DATA frame carries END_STREAM).
func (c *h2Conn) sendBody(s *h2Stream) bool {
	for len(s.bodyLeft) > 0 {
		n := int64(len(s.bodyLeft))
		if n > int64(c.peerMaxFrameSize) {
			n = int64(c.peerMaxFrameSize)
		}
		if n > s.sendWindow {
			n = s.sendWindow
		}
		if n > c.connSendWindow {
			n = c.connSendWindow
		}
		if n <= 0 {
			return false
		}
		end := n == int64(len(s.bodyLeft))
		c.check(c.t.fr.WriteData(s.id, end, s.bodyLeft[:n]))
		s.bodyLeft = s.bodyLeft[n:]
		s.sendWindow -= n
		c.connSendWindow -= n
	}
	s.requestDone = true
	return true
}

// sendBlocked resumes the bodies that were waiting for window, after the server gave some.
func (c *h2Conn) sendBlocked() {
	if len(c.blocked) == 0 || c.t == nil {
		return
	}
	kept := c.blocked[:0]
	for _, s := range c.blocked {
		if c.sendBody(s) {
			s.blocked = false
		} else {
			kept = append(kept, s)
		}
	}
	for i := len(kept); i < len(c.blocked); i++ {
		c.blocked[i] = nil
	}
	c.blocked = kept
}

// unblock takes a finished stream off the blocked list.
func (c *h2Conn) unblock(s *h2Stream) {
	for i, b := range c.blocked {
		if b == s {
			last := len(c.blocked) - 1
			c.blocked[i] = c.blocked[last]
			c.blocked[last] = nil
			c.blocked = c.blocked[:last]
			break
		}
	}
	s.blocked = false
}
