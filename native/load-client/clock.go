package main

import "time"

// runClock turns the monotonic times the client measures with into Unix-epoch microseconds for
// the log. The wall clock is read once, at the start; every later instant is that plus monotonic
// elapsed time, so a wall-clock step (NTP) during a run cannot reorder or stretch the log.
type runClock struct {
	start        time.Time // holds a monotonic reading
	startEpochUs int64
}

func newRunClock() runClock {
	now := time.Now()
	return runClock{start: now, startEpochUs: now.UnixMicro()}
}

func (c runClock) epochUs(t time.Time) int64 {
	return c.startEpochUs + int64(t.Sub(c.start)/time.Microsecond)
}

func microseconds(d time.Duration) int64 { return int64(d / time.Microsecond) }
