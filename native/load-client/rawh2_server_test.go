package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"testing"

	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
)

// rawH2Conn is the server side of one connection of a frame-level HTTP/2 test server, for the
// answers net/http will not give: trailers-only responses, resets, GOAWAY, odd SETTINGS.
type rawH2Conn struct {
	fr     *http2.Framer
	bw     *bufio.Writer
	enc    *hpack.Encoder
	encBuf bytes.Buffer
	calls  int // requests completed on this connection
}

// headers sends a header block made of name/value pairs.
func (c *rawH2Conn) headers(id uint32, endStream bool, pairs ...string) {
	c.encBuf.Reset()
	for i := 0; i+1 < len(pairs); i += 2 {
		_ = c.enc.WriteField(hpack.HeaderField{Name: pairs[i], Value: pairs[i+1]})
	}
	_ = c.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: c.encBuf.Bytes(), EndStream: endStream, EndHeaders: true})
}

func (c *rawH2Conn) data(id uint32, endStream bool, p []byte) { _ = c.fr.WriteData(id, endStream, p) }
func (c *rawH2Conn) flush()                                   { _ = c.bw.Flush() }

// rawH2Responder answers one complete request.
type rawH2Responder func(c *rawH2Conn, streamID uint32, path string)

// newRawH2Server serves HTTP/2 with prior knowledge on loopback, with the given SETTINGS,
// calling respond for each request once its END_STREAM has arrived.
func newRawH2Server(t *testing.T, settings []http2.Setting, respond rawH2Responder) *rawServer {
	return newRawServer(t, func(nc net.Conn) {
		br := bufio.NewReader(nc)
		preface := make([]byte, len(http2.ClientPreface))
		if _, err := io.ReadFull(br, preface); err != nil || string(preface) != http2.ClientPreface {
			return
		}
		c := &rawH2Conn{bw: bufio.NewWriter(nc)}
		c.fr = http2.NewFramer(c.bw, br)
		c.enc = hpack.NewEncoder(&c.encBuf)
		_ = c.fr.WriteSettings(settings...)
		c.flush()
		paths := map[uint32]string{}
		var decodingPath string
		dec := hpack.NewDecoder(4096, func(f hpack.HeaderField) {
			if f.Name == ":path" {
				decodingPath = f.Value
			}
		})
		for {
			f, err := c.fr.ReadFrame()
			if err != nil {
				return
			}
			switch f := f.(type) {
			case *http2.SettingsFrame:
				if !f.IsAck() {
					_ = c.fr.WriteSettingsAck()
				}
			case *http2.PingFrame:
				if !f.IsAck() {
					_ = c.fr.WritePing(true, f.Data)
				}
			case *http2.HeadersFrame:
				decodingPath = ""
				if _, err := dec.Write(f.HeaderBlockFragment()); err != nil {
					return
				}
				paths[f.StreamID] = decodingPath
				if f.StreamEnded() {
					c.calls++
					respond(c, f.StreamID, paths[f.StreamID])
				}
			case *http2.DataFrame:
				if n := f.Length; n > 0 {
					// Give the window straight back: these servers never hold a body up.
					_ = c.fr.WriteWindowUpdate(0, n)
					if !f.StreamEnded() {
						_ = c.fr.WriteWindowUpdate(f.StreamID, n)
					}
				}
				if f.StreamEnded() {
					c.calls++
					respond(c, f.StreamID, paths[f.StreamID])
				}
			}
			c.flush()
		}
	})
}
