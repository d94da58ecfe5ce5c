package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// requestSpec is one element of the --requests file.
type requestSpec struct {
	Method     string        `json:"method"`
	Path       string        `json:"path"`
	Headers    orderedHeader `json:"headers"`
	Body       []byte        `json:"body"` // base64 in the file; encoding/json decodes it
	ChunkBytes int           `json:"chunkBytes"`
}

type headerField struct{ name, value string }

// orderedHeader keeps the file's header order, which a Go map would lose: the HTTP/1.1 request
// then goes out exactly as written, and runs are reproducible byte for byte.
type orderedHeader []headerField

func (h *orderedHeader) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		*h = nil
		return nil
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("headers must be an object of strings")
	}
	var out orderedHeader
	for dec.More() {
		nameTok, err := dec.Token()
		if err != nil {
			return err
		}
		var value string
		if err := dec.Decode(&value); err != nil {
			return fmt.Errorf("header %q: value must be a string", nameTok)
		}
		out = append(out, headerField{name: nameTok.(string), value: value})
	}
	*h = out
	return nil
}

// loadRequests reads and checks the --requests file.
func loadRequests(path string) ([]requestSpec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("--requests: %v", err)
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, usagef("--requests %s: not a JSON array: %v", path, err)
	}
	if len(raw) == 0 {
		return nil, usagef("--requests %s: the array is empty; give at least one request", path)
	}
	specs := make([]requestSpec, len(raw))
	for i, r := range raw {
		dec := json.NewDecoder(bytes.NewReader(r))
		// A misspelt field (say "chunk_bytes") would otherwise be dropped without a word.
		dec.DisallowUnknownFields()
		if err := dec.Decode(&specs[i]); err != nil {
			return nil, usagef("--requests %s: element %d: %v", path, i, err)
		}
		if err := checkRequestSpec(&specs[i]); err != nil {
			return nil, usagef("--requests %s: element %d: %v", path, i, err)
		}
	}
	return specs, nil
}

func checkRequestSpec(s *requestSpec) error {
	if s.Method == "" || !isToken(s.Method) {
		return fmt.Errorf("method %q must be an HTTP method such as POST", s.Method)
	}
	if !strings.HasPrefix(s.Path, "/") || strings.ContainsAny(s.Path, " \r\n") {
		return fmt.Errorf("path %q must start with / and hold no spaces or line breaks", s.Path)
	}
	for _, f := range s.Headers {
		if f.name == "" || !isToken(f.name) {
			return fmt.Errorf("header name %q is not a valid HTTP field name", f.name)
		}
		if strings.ContainsAny(f.value, "\r\n\x00") {
			return fmt.Errorf("header %q: value holds a line break or NUL", f.name)
		}
	}
	if s.ChunkBytes < 0 {
		return fmt.Errorf("chunkBytes must not be negative")
	}
	return nil
}

// isToken reports whether s is an RFC 9110 token (method and field names).
func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return len(s) > 0
}
