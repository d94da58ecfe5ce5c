package main

import "time"

// pace is the open loop: call i is due at t0 + i/rate. It is handed to a free slot at its due
// time, or, when every slot is busy, as soon as one frees; late calls keep their order. The call
// then reports its latency both from its actual send and from its due time, so a server that
// falls behind shows in the latter even though it slowed the sends.
func (r *loadRun) pace() {
	defer r.wg.Done()
	nsPerCall := 1e9 / r.cfg.rate
	t0 := r.issueStart
	var timer *time.Timer
	for {
		ticket, ok := r.claim()
		if !ok {
			return
		}
		ticket.due = t0.Add(time.Duration(float64(ticket.index) * nsPerCall))
		if !r.issueUntil.IsZero() && !ticket.due.Before(r.issueUntil) {
			r.release() // due after the time cap: run's timer is about to stop issuing
			return
		}
		if wait := time.Until(ticket.due); wait > 0 {
			if timer == nil {
				timer = time.NewTimer(wait)
			} else {
				timer.Reset(wait) // the previous wait always ended by receiving from timer.C
			}
			select {
			case <-timer.C:
			case <-r.stopCh:
				timer.Stop()
				r.release()
				return
			}
		}
		select {
		case s := <-r.free:
			if r.isStopping() {
				r.free <- s
				r.release()
				return
			}
			s.assign(ticket)
		case <-r.stopCh:
			r.release()
			return
		}
	}
}
