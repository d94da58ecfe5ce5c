package main

import (
	"strconv"
	"strings"
)

// encodeH2HeaderBlock builds the HPACK header block of one HTTP/2 request, once per run.
//
// It never touches the HPACK dynamic table: every field is either a full match in the static
// table or a "literal without indexing". Blocks from an encoder that uses the dynamic table refer
// to entries that earlier blocks made on the same connection, so they cannot be replayed on another
// connection or twice; this one means the same on every connection, every time, so it is encoded
// once and copied into each HEADERS frame. Strings are sent raw, not Huffman-coded: a few more
// bytes, no work.
func encodeH2HeaderBlock(s *requestSpec, target string, grpc bool) []byte {
	var b []byte
	b = appendHpackField(b, ":method", s.Method)
	b = appendHpackField(b, ":scheme", "http")
	b = appendHpackField(b, ":authority", target)
	b = appendHpackField(b, ":path", s.Path)
	sawTE := false
	for _, f := range s.Headers {
		name := strings.ToLower(f.name)
		switch name {
		case "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "host", "content-length":
			// HTTP/2 forbids the connection-specific fields, :authority replaces Host, and the
			// length is the client's to state (below).
			continue
		case "te":
			sawTE = true
		}
		b = appendHpackField(b, name, f.value)
	}
	if grpc && !sawTE {
		// gRPC requires "te: trailers"; some servers (grpc-java) refuse a call without it.
		b = appendHpackField(b, "te", "trailers")
	}
	if !grpc && len(s.Body) > 0 && s.ChunkBytes == 0 {
		// As browsers and Go's HTTP/2 client do: lets a REST server size its body buffer. gRPC
		// calls carry their length in the message prefix instead. HTTP/2 has no chunked coding;
		// a request the file wants chunked keeps its meaning, a body of undeclared length.
		b = appendHpackField(b, "content-length", strconv.Itoa(len(s.Body)))
	}
	return b
}

// hpackStaticFull are the static-table entries (RFC 7541 Appendix A) a request can match in full.
var hpackStaticFull = map[[2]string]uint64{
	{":method", "GET"}:  2,
	{":method", "POST"}: 3,
	{":path", "/"}:      4,
	{":scheme", "http"}: 6,
}

// hpackStaticName are static-table names a request commonly uses, to save sending the name.
var hpackStaticName = map[string]uint64{
	":authority": 1, ":method": 2, ":path": 4, ":scheme": 6,
	"accept-encoding": 16, "accept": 19, "authorization": 23, "content-length": 28,
	"content-type": 31, "cookie": 32, "user-agent": 58,
}

func appendHpackField(b []byte, name, value string) []byte {
	if idx, ok := hpackStaticFull[[2]string{name, value}]; ok {
		// Indexed Header Field: 1xxxxxxx.
		return appendHpackInt(b, 7, 0x80, idx)
	}
	// Literal Header Field without Indexing: 0000xxxx, name index or 0 then the name.
	if idx, ok := hpackStaticName[name]; ok {
		b = appendHpackInt(b, 4, 0x00, idx)
	} else {
		b = append(b, 0x00)
		b = appendHpackString(b, name)
	}
	return appendHpackString(b, value)
}

// appendHpackString appends a string literal without Huffman coding (H bit clear).
func appendHpackString(b []byte, s string) []byte {
	b = appendHpackInt(b, 7, 0x00, uint64(len(s)))
	return append(b, s...)
}

// appendHpackInt appends v as an HPACK integer with an N-bit prefix (RFC 7541 section 5.1); first
// carries the representation's flag bits above the prefix.
func appendHpackInt(b []byte, prefixBits uint, first byte, v uint64) []byte {
	max := uint64(1)<<prefixBits - 1
	if v < max {
		return append(b, first|byte(v))
	}
	b = append(b, first|byte(max))
	v -= max
	for v >= 128 {
		b = append(b, byte(v&0x7f)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}
