package main

import "strings"

// preparedRequest is a request encoded once, before the first call, so a call costs no encoding:
// HTTP/1.1 sends h1 as it is; HTTP/2 sends h2Block in a HEADERS frame and body in DATA frames.
type preparedRequest struct {
	h1             []byte
	noResponseBody bool // HEAD: the response has headers only
	h2Block        []byte
	body           []byte
}

func prepareRequests(specs []requestSpec, cfg *config) []preparedRequest {
	out := make([]preparedRequest, len(specs))
	for i := range specs {
		s := &specs[i]
		p := &out[i]
		p.noResponseBody = strings.EqualFold(s.Method, "HEAD")
		if cfg.protocol == protoH1 {
			p.h1 = encodeH1Request(s, cfg.target, cfg.newConnPerCall)
		} else {
			p.h2Block = encodeH2HeaderBlock(s, cfg.target, cfg.grpc)
			p.body = s.Body
		}
	}
	return out
}
