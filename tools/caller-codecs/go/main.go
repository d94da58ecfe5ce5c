// Command caller-codecs measures what a Go caller pays per call of each Relix workload: encoding
// the request and decoding the reply, as JSON (encoding/json into typed structs, what a Go REST
// client does) and as protobuf (protobuf-go generated code, what a Go gRPC client does).
//
// It reads the exact bytes the Node servers send from the folder named on the command line
// (manifest.json lists them), says what it found on its first line of output, then answers one
// timing round per line of stdin. The driver (apps/grpc-api/scripts/bench-codecs.ts) sends the
// rounds, so rounds of every runtime and codec take turns and a drift of the machine hits all.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"

	_ "relix/caller-codecs/relixv1" // registers every relix.v1 message with protoregistry
)

// manifest is what the driver writes beside the payload files.
type manifest struct {
	Workloads []struct {
		ID             string `json:"id"`
		RequestMessage string `json:"requestMessage"`
		ReplyMessage   string `json:"replyMessage"`
		Request        files  `json:"request"`
		Reply          files  `json:"reply"`
	} `json:"workloads"`
}

// files names a payload's file per encoding; empty when that encoding has no body (a GET's
// request, a raw upload's JSON).
type files struct {
	JSON     string `json:"json"`
	Protobuf string `json:"protobuf"`
}

type task struct {
	Workload string `json:"workload"`
	Codec    string `json:"codec"`
	Op       string `json:"op"`
	MinNs    int64  `json:"minNs"`
}

type hello struct {
	Runtime   string                             `json:"runtime"`
	Version   string                             `json:"version"`
	Codecs    []codecInfo                        `json:"codecs"`
	Workloads map[string]map[string]encodedSizes `json:"workloads"`
}

// codecInfo says what a codec id stands for; primary: what this runtime's callers use by default.
type codecInfo struct {
	ID       string `json:"id"`
	Encoding string `json:"encoding"`
	Library  string `json:"library"`
	Primary  bool   `json:"primary"`
}

type encodedSizes struct {
	// The size of the request as this runtime encodes it (nil: nothing to encode).
	EncodedRequestBytes *int `json:"encodedRequestBytes"`
}

func main() {
	if len(os.Args) != 2 {
		fail(fmt.Errorf("usage: caller-codecs PAYLOAD_DIR"))
	}
	dir := os.Args[1]
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		fail(err)
	}
	var m manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		fail(fmt.Errorf("manifest.json: %w", err))
	}

	codecs := map[string]map[string]*codec{}
	out := hello{
		Runtime: "go",
		Version: runtime.Version(),
		Codecs: []codecInfo{
			{ID: "json", Encoding: "json", Library: "encoding/json into typed structs", Primary: true},
			{ID: "protobuf", Encoding: "protobuf", Library: protobufLibrary(), Primary: true},
		},
		Workloads: map[string]map[string]encodedSizes{},
	}
	for _, w := range m.Workloads {
		read := func(name string) []byte {
			if name == "" {
				return nil
			}
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				fail(err)
			}
			return b
		}
		p := payload{
			requestMessage: w.RequestMessage,
			replyMessage:   w.ReplyMessage,
			requestJSON:    read(w.Request.JSON),
			replyJSON:      read(w.Reply.JSON),
			requestPB:      read(w.Request.Protobuf),
			replyPB:        read(w.Reply.Protobuf),
			hasRequestJSON: w.Request.JSON != "",
			hasRequestPB:   w.Request.Protobuf != "",
		}
		jsonCodec, err := newJSONCodec(p)
		if err != nil {
			fail(fmt.Errorf("%s, json: %w", w.ID, err))
		}
		pbCodec, err := newProtobufCodec(p)
		if err != nil {
			fail(fmt.Errorf("%s, protobuf: %w", w.ID, err))
		}
		codecs[w.ID] = map[string]*codec{"json": jsonCodec, "protobuf": pbCodec}
		out.Workloads[w.ID] = map[string]encodedSizes{}
		for name, c := range codecs[w.ID] {
			out.Workloads[w.ID][name] = encodedSizes{c.encodedRequestBytes}
		}
	}
	writeLine(out)

	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64*1024), 1024*1024)
	for in.Scan() {
		var t task
		if err := json.Unmarshal(in.Bytes(), &t); err != nil {
			fail(fmt.Errorf("task %q: %w", in.Text(), err))
		}
		c := codecs[t.Workload][t.Codec]
		if c == nil {
			fail(fmt.Errorf("no codec %q for workload %q", t.Codec, t.Workload))
		}
		fn := c.decode
		if t.Op == "encode" {
			fn = c.encode
		}
		if fn == nil {
			fail(fmt.Errorf("%s, %s: nothing to %s", t.Workload, t.Codec, t.Op))
		}
		calls, ns, cpuNs, err := timeRound(fn, t.MinNs)
		if err != nil {
			fail(fmt.Errorf("%s, %s, %s: %w", t.Workload, t.Codec, t.Op, err))
		}
		writeLine(map[string]int64{"calls": calls, "ns": ns, "cpuNs": cpuNs})
	}
}

// protobufLibrary names the protobuf-go release this binary was built with.
func protobufLibrary() string {
	version := "(version unknown)"
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "google.golang.org/protobuf" {
				version = dep.Version
			}
		}
	}
	return "google.golang.org/protobuf " + version + ", generated code"
}

func writeLine(v interface{}) {
	b, err := json.Marshal(v)
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(append(b, '\n'))
}

// fail reports on stdout too, as a line the driver reads in place of an answer.
func fail(err error) {
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	os.Stdout.Write(append(b, '\n'))
	os.Exit(1)
}
