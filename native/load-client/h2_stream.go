package main

import (
	"strings"
	"time"
)

// h2Stream is one call on an HTTP/2 connection: what it still has to send, and what the response
// has said so far. Streams are reused through a free list on their connection.
type h2Stream struct {
	id       uint32
	ticket   callTicket
	start    time.Time
	deadline time.Time

	// Sending the request body under the server's flow control.
	bodyLeft   []byte
	sendWindow int64
	blocked    bool // waiting in the connection's blocked list for window
	// requestDone: END_STREAM has been sent, so the stream is closed on our side.
	requestDone bool

	// Receiving.
	recvUnacked    int64 // DATA bytes not yet given back with WINDOW_UPDATE
	bodyBytes      int64
	finalHeaders   bool // a non-1xx header block has arrived; the next one is trailers
	inTrailers     bool // the header block being decoded is trailers
	status         int
	grpcContent    bool
	grpcStatus     int // -1: none seen
	grpcMessage    string
	grpcFraming    grpcMessageFraming
	failedOverSize bool
}

func (s *h2Stream) reset() {
	*s = h2Stream{grpcStatus: -1}
}

// beginHeaderBlock is called as a HEADERS frame for the stream arrives.
func (s *h2Stream) beginHeaderBlock() {
	s.inTrailers = s.finalHeaders
}

// onField takes one decoded response header field.
func (s *h2Stream) onField(name, value string) {
	switch name {
	case ":status":
		if !s.inTrailers {
			s.status = parseStatusValue(value)
		}
	case "content-type":
		if !s.inTrailers {
			s.grpcContent = isGRPCContentType(value)
		}
	case "grpc-status":
		s.grpcStatus = parseGRPCStatus(value)
	case "grpc-message":
		s.grpcMessage = value
	}
}

// endHeaderBlock is called when a header block is complete.
func (s *h2Stream) endHeaderBlock() {
	if s.inTrailers {
		return
	}
	if s.status >= 100 && s.status < 200 {
		// An interim response: the real one follows in a later HEADERS frame.
		s.status = 0
		return
	}
	s.finalHeaders = true
}

// outcome is the call's code once the stream has ended.
func (s *h2Stream) outcome(grpc bool) (code string, ok bool) {
	if s.failedOverSize {
		return codeMalformedResponse, false
	}
	if s.status == 0 {
		return codeMalformedResponse, false // the stream ended with no :status
	}
	if !grpc {
		return statusCodeText(s.status), isSuccessStatus(s.status)
	}
	switch {
	case s.status != 200:
		return grpcHTTPStatusCode(s.status), false
	case !s.grpcContent:
		return codeBadContentType, false
	case !s.grpcFraming.wellFormed():
		return codeMalformedFrame, false
	case s.grpcStatus < 0:
		return codeMissingStatus, false
	}
	return grpcStatusName(s.grpcStatus), s.grpcStatus == 0
}

func parseStatusValue(v string) int {
	if len(v) != 3 {
		return 0
	}
	n := 0
	for i := 0; i < 3; i++ {
		c := v[i]
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// parseGRPCStatus reads grpc-status; a value that is not a number counts as absent.
func parseGRPCStatus(v string) int {
	if v == "" || len(v) > 9 {
		return -1
	}
	n := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// isGRPCContentType accepts application/grpc and its subtypes (application/grpc+proto, ...).
func isGRPCContentType(v string) bool {
	const base = "application/grpc"
	if len(v) < len(base) || !strings.EqualFold(v[:len(base)], base) {
		return false
	}
	return len(v) == len(base) || v[len(base)] == '+' || v[len(base)] == ';'
}
