package main

import "encoding/binary"

// maxGRPCMessageBytes caps one response message, like the HTTP/1.1 body cap: a length prefix
// beyond it is taken as a broken frame rather than something to wait for.
const maxGRPCMessageBytes = 256 << 20

// grpcMessageFraming follows gRPC's length-prefixed messages (1 flag byte, 4-byte big-endian
// length, message) across DATA frames, which may split a prefix or a message anywhere. It only
// checks the framing; the messages themselves are skipped, not copied.
type grpcMessageFraming struct {
	prefix     [5]byte
	prefixHave int
	bodyLeft   uint32
	malformed  bool
}

func (g *grpcMessageFraming) reset() { *g = grpcMessageFraming{} }

// feed takes the next bytes of the response body.
func (g *grpcMessageFraming) feed(p []byte) {
	for len(p) > 0 && !g.malformed {
		if g.bodyLeft > 0 {
			n := uint32(len(p))
			if n > g.bodyLeft {
				n = g.bodyLeft
			}
			g.bodyLeft -= n
			p = p[n:]
			continue
		}
		n := copy(g.prefix[g.prefixHave:], p)
		g.prefixHave += n
		p = p[n:]
		if g.prefixHave < len(g.prefix) {
			return
		}
		g.prefixHave = 0
		length := binary.BigEndian.Uint32(g.prefix[1:])
		// The flag byte is 0 (plain) or 1 (compressed); anything else is not gRPC framing.
		if g.prefix[0] > 1 || length > maxGRPCMessageBytes {
			g.malformed = true
			return
		}
		g.bodyLeft = length
	}
}

// wellFormed reports, at the end of the stream, whether the body was whole messages.
func (g *grpcMessageFraming) wellFormed() bool {
	return !g.malformed && g.prefixHave == 0 && g.bodyLeft == 0
}

// percentDecode undoes grpc-message's percent-encoding (gRPC over HTTP/2 spec). A malformed
// escape is kept as it is, as the spec asks of a receiver.
func percentDecode(s string) string {
	i := 0
	for i < len(s) && s[i] != '%' {
		i++
	}
	if i == len(s) {
		return s
	}
	out := make([]byte, 0, len(s))
	out = append(out, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				out = append(out, hi<<4|lo)
				i += 2
				continue
			}
		}
		out = append(out, s[i])
	}
	return string(out)
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
