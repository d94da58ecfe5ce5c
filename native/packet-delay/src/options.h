/* The command line: which queue, how long to hold each packet, and how. */
#ifndef PACKET_DELAY_OPTIONS_H
#define PACKET_DELAY_OPTIONS_H

#include <stdint.h>

struct options {
  uint16_t queue;         /* NFQUEUE number (queue numbers are per network namespace) */
  int64_t delay_ns;       /* added to each packet's kernel receive timestamp: half the RTT */
  int64_t jitter_ns;      /* each packet's delay is uniform in [delay - jitter, delay + jitter] */
  int64_t window_ns;      /* the release thread wakes at most once per window */
  uint32_t queue_maxlen;  /* packets the kernel may hold for us before it drops */
  uint64_t seed;          /* jitter's random sequence; 0 = from the clock */
  int realtime_priority;  /* SCHED_FIFO priority of the release thread; 0 = do not ask */
};

/* Fills `out` from argv; prints usage and returns -1 on a bad or missing value, 1 for --help/--version. */
int parse_options(int argc, char **argv, struct options *out);

#endif
