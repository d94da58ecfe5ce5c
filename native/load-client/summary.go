package main

import (
	"encoding/json"
	"io"
	"sync/atomic"
	"time"
)

// runSummary is the one JSON line printed on stdout at the end; field order follows the contract.
type runSummary struct {
	Version           string            `json:"version"`
	Started           int64             `json:"started"`
	Done              int64             `json:"done"`
	OK                int64             `json:"ok"`
	Dropped           int64             `json:"dropped"`
	StoppedAtTimeCap  bool              `json:"stoppedAtTimeCap"`
	Interrupted       bool              `json:"interrupted"`
	ConnectionsOpened int64             `json:"connectionsOpened"`
	BytesSent         int64             `json:"bytesSent"`
	BytesReceived     int64             `json:"bytesReceived"`
	Codes             map[string]int64  `json:"codes"`
	Messages          map[string]string `json:"messages"`
	FirstSendUs       int64             `json:"firstSendUs"`
	WallMs            int64             `json:"wallMs"`
}

// summary gathers the counts once the run is over and the recorder closed.
func (r *loadRun) summary(end time.Time, started int64) runSummary {
	rec := r.rec
	rec.mu.Lock()
	defer rec.mu.Unlock()
	s := runSummary{
		Version:           version,
		Started:           started,
		Done:              rec.done,
		OK:                rec.ok,
		Dropped:           started - rec.done,
		ConnectionsOpened: atomic.LoadInt64(&r.connectionsOpened),
		BytesSent:         atomic.LoadInt64(&r.bytesSent),
		BytesReceived:     atomic.LoadInt64(&r.bytesReceived),
		Codes:             rec.codes,
		Messages:          rec.messages,
		FirstSendUs:       atomic.LoadInt64(&r.firstSendUs),
	}
	if s.FirstSendUs > 0 {
		// From the first send to the end of the run (the last completion, or the end of the
		// drain or the interrupt), rounded to the millisecond.
		s.WallMs = (r.clock.epochUs(end) - s.FirstSendUs + 500) / 1000
	}
	return s
}

func writeSummary(w io.Writer, s runSummary) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(s) // one line, newline-terminated
}
