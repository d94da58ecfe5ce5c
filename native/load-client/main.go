// Command relix-load is Relix's load client: one program that drives both the REST (HTTP/1.1,
// HTTP/2) and the gRPC side of a comparison, so that neither side is judged with a different
// client. See README.md for its flags and output.
package main

import "os"

const version = "1.0.0"

// Exit codes the TypeScript side tells apart.
const (
	exitOK          = 0
	exitFailure     = 1 // the run could not finish its output (e.g. the log could not be written)
	exitUsage       = 2 // bad flags or requests file; nothing was sent
	exitCannotStart = 3 // a connection or HTTP/2 handshake failed before the first call
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
