package main

import (
	"strconv"
	"strings"
)

// encodeH1Request builds the complete bytes of one HTTP/1.1 request: request line, Host, the
// file's headers in their order, the body's framing and the body. The client writes them with one
// write per call.
func encodeH1Request(s *requestSpec, target string, connectionClose bool) []byte {
	var b []byte
	b = append(b, s.Method...)
	b = append(b, ' ')
	b = append(b, s.Path...)
	b = append(b, " HTTP/1.1\r\nHost: "...)
	b = append(b, target...)
	b = append(b, "\r\n"...)
	for _, f := range s.Headers {
		switch strings.ToLower(f.name) {
		case "host", "content-length", "transfer-encoding":
			// The client owns these: Host is the target, and the body's framing is computed below.
			continue
		case "connection":
			if connectionClose {
				continue
			}
		}
		b = append(b, f.name...)
		b = append(b, ": "...)
		b = append(b, f.value...)
		b = append(b, "\r\n"...)
	}
	if connectionClose {
		b = append(b, "Connection: close\r\n"...)
	}
	if s.ChunkBytes > 0 {
		b = append(b, "Transfer-Encoding: chunked\r\n\r\n"...)
		return appendChunked(b, s.Body, s.ChunkBytes)
	}
	if len(s.Body) > 0 || methodExpectsBody(s.Method) {
		b = append(b, "Content-Length: "...)
		b = strconv.AppendInt(b, int64(len(s.Body)), 10)
		b = append(b, "\r\n"...)
	}
	b = append(b, "\r\n"...)
	return append(b, s.Body...)
}

// methodExpectsBody: an empty POST still says Content-Length: 0, as browsers and curl do, since
// some servers answer 411 Length Required without it.
func methodExpectsBody(method string) bool {
	switch strings.ToUpper(method) {
	case "POST", "PUT", "PATCH":
		return true
	}
	return false
}

// appendChunked frames body in chunks of at most size bytes, then the last (empty) chunk.
func appendChunked(b, body []byte, size int) []byte {
	for len(body) > 0 {
		n := size
		if n > len(body) {
			n = len(body)
		}
		b = strconv.AppendInt(b, int64(n), 16)
		b = append(b, "\r\n"...)
		b = append(b, body[:n]...)
		b = append(b, "\r\n"...)
		body = body[n:]
	}
	return append(b, "0\r\n\r\n"...)
}
