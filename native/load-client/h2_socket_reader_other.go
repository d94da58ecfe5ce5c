//go:build !unix

package main

// rawReaderFor: without a non-blocking read, beforeBlock runs before every read of the socket.
func rawReaderFor(s *socketReader) func(p []byte) (int, error) { return nil }
