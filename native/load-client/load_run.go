package main

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// callTicket is a call that may be sent: its global index (which picks its request) and, in open
// loop, when it was due.
type callTicket struct {
	index int64
	due   time.Time
}

// slot is one of the --in-flight places a call can take. In open loop the pacer hands a due call
// to a free slot; in closed loop a slot takes its next call itself as its previous one ends.
type slot interface {
	assign(t callTicket)
}

// loadRun is the state of one run shared by the connections, the pacer and run's own goroutine.
type loadRun struct {
	cfg      *config
	requests []preparedRequest
	clock    runClock
	rec      *recorder

	// ctx is cancelled when the run finishes, to abandon connects under way.
	ctx    context.Context
	cancel context.CancelFunc

	// Issuing. claimed hands out call indices; inFlight counts calls claimed and not yet
	// completed (or given back), which is what the drain waits on.
	claimed      int64 // atomic
	inFlight     int64 // atomic
	started      int64 // atomic
	firstSendUs  int64 // atomic; 0 until the first send
	stopping     int32 // atomic; mirrors stopCh for the hot path
	countReached int32 // atomic; --total calls were handed out
	stopOnce     sync.Once
	stopCh       chan struct{} // closed when issuing stops
	idleCh       chan struct{} // nudged when inFlight reaches 0 after issuing stopped
	finishedCh   chan struct{} // closed when the run is over

	// free holds the free slots in open loop.
	free chan slot
	// issueStart is t0 of the open-loop schedule; issueUntil is when --duration-ms ends issuing
	// (zero: no time limit). The pacer checks due times against it, so an open-loop run issues
	// exactly rate × duration calls when the server keeps up.
	issueStart time.Time
	issueUntil time.Time

	bytesSent         int64 // atomic
	bytesReceived     int64 // atomic
	connectionsOpened int64 // atomic

	connsMu  sync.Mutex
	conns    map[net.Conn]struct{}
	finished bool

	wg sync.WaitGroup
}

func newLoadRun(cfg *config, requests []preparedRequest, clock runClock, rec *recorder) *loadRun {
	ctx, cancel := context.WithCancel(context.Background())
	r := &loadRun{
		cfg: cfg, requests: requests, clock: clock, rec: rec,
		ctx: ctx, cancel: cancel,
		stopCh:     make(chan struct{}),
		idleCh:     make(chan struct{}, 1),
		finishedCh: make(chan struct{}),
		conns:      map[net.Conn]struct{}{},
	}
	if cfg.openLoop() {
		r.free = make(chan slot, cfg.inFlight)
	}
	return r
}

func (r *loadRun) request(index int64) *preparedRequest {
	return &r.requests[index%int64(len(r.requests))]
}

// claim hands out the next call, or reports that issuing has stopped.
func (r *loadRun) claim() (callTicket, bool) {
	if atomic.LoadInt32(&r.stopping) != 0 {
		return callTicket{}, false
	}
	// Count the call in flight before looking at stopping again: run's drain sets stopping and
	// then reads inFlight, so one of the two always sees the other.
	atomic.AddInt64(&r.inFlight, 1)
	if atomic.LoadInt32(&r.stopping) != 0 {
		r.release()
		return callTicket{}, false
	}
	i := atomic.AddInt64(&r.claimed, 1) - 1
	if r.cfg.total > 0 && i >= r.cfg.total {
		atomic.StoreInt32(&r.countReached, 1)
		r.stop()
		r.release()
		return callTicket{}, false
	}
	return callTicket{index: i}, true
}

// release ends a claimed call's time in flight: it completed, or it was given back unsent.
func (r *loadRun) release() {
	if atomic.AddInt64(&r.inFlight, -1) == 0 && atomic.LoadInt32(&r.stopping) != 0 {
		select {
		case r.idleCh <- struct{}{}:
		default:
		}
	}
}

// markSent counts a call as started at t.
func (r *loadRun) markSent(t time.Time) {
	atomic.AddInt64(&r.started, 1)
	if atomic.LoadInt64(&r.firstSendUs) == 0 {
		atomic.CompareAndSwapInt64(&r.firstSendUs, 0, r.clock.epochUs(t))
	}
}

// complete logs a finished call and takes it out of flight.
func (r *loadRun) complete(res *callResult) {
	r.rec.record(res)
	r.release()
}

// stop ends issuing: no call is claimed after it.
func (r *loadRun) stop() {
	r.stopOnce.Do(func() {
		atomic.StoreInt32(&r.stopping, 1)
		close(r.stopCh)
		if atomic.LoadInt64(&r.inFlight) == 0 {
			select {
			case r.idleCh <- struct{}{}:
			default:
			}
		}
	})
}

func (r *loadRun) isStopping() bool { return atomic.LoadInt32(&r.stopping) != 0 }

// pause waits d, or less if issuing stops; it reports whether issuing goes on.
func (r *loadRun) pause(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return !r.isStopping()
	case <-r.stopCh:
		return false
	}
}

// finish ends the run: calls still in flight are dropped, every connection is closed so the
// goroutines blocked on them return, and they are waited for (boundedly: a goroutine that is
// stuck must not keep the summary from being written).
func (r *loadRun) finish() {
	r.stop()
	r.rec.stopRecording()
	r.connsMu.Lock()
	r.finished = true
	open := make([]net.Conn, 0, len(r.conns))
	for c := range r.conns {
		open = append(open, c)
	}
	r.conns = map[net.Conn]struct{}{}
	r.connsMu.Unlock()
	close(r.finishedCh)
	r.cancel()
	for _, c := range open {
		c.Close()
	}
	waited := make(chan struct{})
	go func() {
		r.wg.Wait()
		close(waited)
	}()
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case <-waited:
	case <-t.C:
	}
}
