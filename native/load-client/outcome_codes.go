package main

import (
	"errors"
	"net"
	"strconv"
	"syscall"

	"golang.org/x/net/http2"
)

// The code column's words for outcomes other than an HTTP status or a gRPC status name.
const (
	codeTimeout           = "timeout"
	codeConnectionLost    = "connection-lost"
	codeGoaway            = "goaway"
	codeMalformedResponse = "malformed-response"
	codeMalformedFrame    = "malformed-frame"
	codeMissingStatus     = "missing-status"
	codeBadContentType    = "bad-content-type"
	codeConnRefused       = "ECONNREFUSED"
	codeConnectFailed     = "connect-error"    // a connect failed otherwise than refused or timed out
	codeHandshakeFailed   = "handshake-failed" // a reconnect's HTTP/2 preface exchange failed
)

// Status codes as strings, built once: the code column and the summary's counts use them for
// every call, and converting per call would allocate.
var (
	httpStatusText     [1000]string
	grpcHTTPStatusText [1000]string // "http-503": a gRPC call answered with a non-200 status
)

func init() {
	for i := 100; i < 1000; i++ {
		httpStatusText[i] = strconv.Itoa(i)
		grpcHTTPStatusText[i] = "http-" + httpStatusText[i]
	}
}

func statusCodeText(status int) string {
	if status >= 100 && status < 1000 {
		return httpStatusText[status]
	}
	return strconv.Itoa(status)
}

func grpcHTTPStatusCode(status int) string {
	if status >= 100 && status < 1000 {
		return grpcHTTPStatusText[status]
	}
	return "http-" + strconv.Itoa(status)
}

func isSuccessStatus(status int) bool { return status >= 200 && status < 300 }

var grpcStatusNames = [...]string{
	"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND",
	"ALREADY_EXISTS", "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED",
	"OUT_OF_RANGE", "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
}

// grpcStatusName names a grpc-status number; one outside the standard set is CODE_<n>.
func grpcStatusName(n int) string {
	if n >= 0 && n < len(grpcStatusNames) {
		return grpcStatusNames[n]
	}
	return "CODE_" + strconv.Itoa(n)
}

var resetCodeNames = [...]string{
	"reset-NO_ERROR", "reset-PROTOCOL_ERROR", "reset-INTERNAL_ERROR", "reset-FLOW_CONTROL_ERROR",
	"reset-SETTINGS_TIMEOUT", "reset-STREAM_CLOSED", "reset-FRAME_SIZE_ERROR", "reset-REFUSED_STREAM",
	"reset-CANCEL", "reset-COMPRESSION_ERROR", "reset-CONNECT_ERROR", "reset-ENHANCE_YOUR_CALM",
	"reset-INADEQUATE_SECURITY", "reset-HTTP_1_1_REQUIRED",
}

// resetCode is the code of a call whose stream the server reset (RST_STREAM).
func resetCode(c http2.ErrCode) string {
	if int(c) < len(resetCodeNames) {
		return resetCodeNames[c]
	}
	return "reset-0x" + strconv.FormatUint(uint64(c), 16)
}

// connectErrorCode names why a connect failed.
func connectErrorCode(err error) string {
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return codeConnRefused
	case isTimeout(err):
		return codeTimeout
	}
	var he *handshakeError
	if errors.As(err, &he) {
		return codeHandshakeFailed
	}
	return codeConnectFailed
}

// transportErrorCode names why a call's read or write failed.
func transportErrorCode(err error) string {
	switch {
	case errors.Is(err, errMalformedResponse):
		return codeMalformedResponse
	case isTimeout(err):
		return codeTimeout
	}
	return codeConnectionLost
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
