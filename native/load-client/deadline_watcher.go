package main

import "time"

// watchDeadlines times out HTTP/2 calls. One goroutine for the whole run sleeps until the earliest
// deadline of any call in flight, so a call costs no timer of its own. Every call has the same
// timeout, so a call sent later has a later deadline: sleeping at most one timeout can never
// oversleep a call sent meanwhile.
func (r *loadRun) watchDeadlines(conns []*h2Conn) {
	defer r.wg.Done()
	timer := time.NewTimer(r.cfg.timeout)
	defer timer.Stop()
	for {
		select {
		case <-timer.C:
		case <-r.finishedCh:
			return
		}
		now := time.Now()
		next := now.Add(r.cfg.timeout)
		for _, c := range conns {
			if d := c.expire(now); !d.IsZero() && d.Before(next) {
				next = d
			}
		}
		timer.Reset(time.Until(next))
	}
}
