package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// Caps on what one response may make the client read: past them the response is taken as broken
// (malformed-response) instead of being read for ever. The body cap holds for HTTP/2 as well.
const (
	maxH1HeaderBytes     = 64 << 10
	maxResponseBodyBytes = 256 << 20
	// h1ReadBufferSize holds the longest header line the cap allows, so a line never needs joining.
	h1ReadBufferSize = maxH1HeaderBytes + 512
)

var errMalformedResponse = errors.New("malformed HTTP/1.1 response")

// errNothingReceived wraps a read error that came before the first byte of a response: on a
// connection that has served calls before, the server most likely closed it while idle.
type errNothingReceived struct{ err error }

func (e *errNothingReceived) Error() string { return "no response: " + e.err.Error() }
func (e *errNothingReceived) Unwrap() error { return e.err }

// h1Response is what the client needs from a response.
type h1Response struct {
	status int
	// closeAfter: the connection cannot carry another call (Connection: close, HTTP/1.0, or a
	// body delimited by the server closing).
	closeAfter bool
}

// readH1Response reads one whole response (skipping 1xx interim responses) and discards its body.
func readH1Response(br *bufio.Reader, noBody bool) (h1Response, error) {
	first := true
	for {
		resp, framing, err := readH1Head(br, first)
		if err != nil {
			return resp, err
		}
		first = false
		if resp.status >= 100 && resp.status < 200 && resp.status != 101 {
			continue
		}
		if noBody || resp.status == 204 || resp.status == 304 || resp.status == 101 {
			return resp, nil
		}
		switch {
		case framing.chunked:
			err = discardChunkedBody(br)
		case framing.contentLength >= 0:
			if framing.contentLength > maxResponseBodyBytes {
				return resp, errMalformedResponse
			}
			_, err = br.Discard(int(framing.contentLength))
		default:
			resp.closeAfter = true
			err = discardUntilClose(br)
		}
		return resp, err
	}
}

type h1BodyFraming struct {
	chunked       bool
	contentLength int64 // -1: not given
}

// readH1Head reads the status line and the header section.
func readH1Head(br *bufio.Reader, firstOfCall bool) (h1Response, h1BodyFraming, error) {
	var resp h1Response
	framing := h1BodyFraming{contentLength: -1}
	budget := maxH1HeaderBytes
	line, err := readH1Line(br, &budget)
	if err != nil {
		if firstOfCall && len(line) == 0 && !errors.Is(err, errMalformedResponse) {
			return resp, framing, &errNothingReceived{err: err}
		}
		return resp, framing, err
	}
	status, http10, ok := parseStatusLine(line)
	if !ok {
		return resp, framing, errMalformedResponse
	}
	resp.status = status
	resp.closeAfter = http10
	for {
		line, err = readH1Line(br, &budget)
		if err != nil {
			return resp, framing, err
		}
		if len(line) == 0 {
			return resp, framing, nil
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 {
			if line[0] == ' ' || line[0] == '\t' {
				continue // an obsolete folded continuation of the previous field: nothing we need
			}
			return resp, framing, errMalformedResponse
		}
		name, value := line[:colon], bytes.TrimSpace(line[colon+1:])
		switch {
		case equalFoldASCII(name, "content-length"):
			n, ok := parseDecimal(value)
			if !ok || (framing.contentLength >= 0 && framing.contentLength != n) {
				return resp, framing, errMalformedResponse
			}
			framing.contentLength = n
		case equalFoldASCII(name, "transfer-encoding"):
			if hasTokenFold(value, "chunked") {
				framing.chunked = true
			}
		case equalFoldASCII(name, "connection"):
			if hasTokenFold(value, "close") {
				resp.closeAfter = true
			} else if http10 && hasTokenFold(value, "keep-alive") {
				resp.closeAfter = false
			}
		}
	}
}

// readH1Line reads one line without its line ending, charging it to the header budget.
func readH1Line(br *bufio.Reader, budget *int) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	*budget -= len(line)
	if *budget < 0 || errors.Is(err, bufio.ErrBufferFull) {
		return nil, errMalformedResponse
	}
	if err != nil {
		if err == io.EOF && len(line) > 0 {
			err = io.ErrUnexpectedEOF
		}
		return line, err
	}
	line = line[:len(line)-1]
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, nil
}

// parseStatusLine accepts "HTTP/1.x NNN reason", and also no reason at all ("HTTP/1.1 200" and
// "HTTP/1.1 200 "), which some servers send.
func parseStatusLine(line []byte) (status int, http10 bool, ok bool) {
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) || line[8] != ' ' {
		return 0, false, false
	}
	for _, c := range line[9:12] {
		if c < '0' || c > '9' {
			return 0, false, false
		}
		status = status*10 + int(c-'0')
	}
	if len(line) > 12 && line[12] != ' ' {
		return 0, false, false
	}
	return status, line[7] == '0', status >= 100
}

// discardChunkedBody reads a chunked body through its trailer section.
func discardChunkedBody(br *bufio.Reader) error {
	var total int64
	budget := maxH1HeaderBytes // for chunk-size lines and trailers together
	for {
		line, err := readH1Line(br, &budget)
		if err != nil {
			return err
		}
		if semi := bytes.IndexByte(line, ';'); semi >= 0 {
			line = line[:semi] // chunk extensions
		}
		size, ok := parseHex(bytes.TrimSpace(line))
		if !ok {
			return errMalformedResponse
		}
		if size == 0 {
			for {
				line, err = readH1Line(br, &budget)
				if err != nil {
					return err
				}
				if len(line) == 0 {
					return nil
				}
			}
		}
		total += size
		if total > maxResponseBodyBytes {
			return errMalformedResponse
		}
		if _, err := br.Discard(int(size)); err != nil {
			return err
		}
		line, err = readH1Line(br, &budget)
		if err != nil {
			return err
		}
		if len(line) != 0 {
			return errMalformedResponse
		}
	}
}

// discardUntilClose reads a body that the server ends by closing the connection.
func discardUntilClose(br *bufio.Reader) error {
	var total int64
	for {
		n, err := br.Discard(h1ReadBufferSize)
		total += int64(n)
		if total > maxResponseBodyBytes {
			return errMalformedResponse
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func parseDecimal(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

func parseHex(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		v, ok := unhex(c)
		if !ok {
			return 0, false
		}
		n = n<<4 | int64(v)
	}
	return n, true
}

// equalFoldASCII compares a header name with a lower-case literal, without allocating.
func equalFoldASCII(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// hasTokenFold reports whether a comma-separated header value lists token (case-insensitively).
func hasTokenFold(value []byte, token string) bool {
	for len(value) > 0 {
		var part []byte
		if comma := bytes.IndexByte(value, ','); comma >= 0 {
			part, value = value[:comma], value[comma+1:]
		} else {
			part, value = value, nil
		}
		if equalFoldASCII(bytes.TrimSpace(part), token) {
			return true
		}
	}
	return false
}
