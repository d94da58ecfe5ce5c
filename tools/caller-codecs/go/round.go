package main

import (
	"syscall"
	"time"
)

// timeRound calls fn until at least minNs of wall time have passed and returns the calls made,
// the wall time and the process's CPU time (user + system, the garbage collector's threads
// included) they took. CPU time is the figure: on a machine shared with other work, a round's
// wall time also counts the time the process waited for a core. Batches double while the round
// is young, so the clocks are read a few dozen times a round, not once a call.
// The Node and Python workers time a round the same way.
func timeRound(fn func() error, minNs int64) (calls int64, ns int64, cpuNs int64, err error) {
	start, cpuStart := time.Now(), processCPUNs()
	batch := int64(1)
	for {
		for i := int64(0); i < batch; i++ {
			if err := fn(); err != nil {
				return 0, 0, 0, err
			}
		}
		calls += batch
		elapsed := time.Since(start).Nanoseconds()
		if elapsed >= minNs {
			return calls, elapsed, processCPUNs() - cpuStart, nil
		}
		if elapsed*8 < minNs {
			batch *= 2
		}
	}
}

func processCPUNs() int64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		fail(err)
	}
	return usage.Utime.Nano() + usage.Stime.Nano()
}
