/* The emulator's own figures, one JSON line on stdout, so that a run can record what it cost. */
#ifndef PACKET_DELAY_REPORT_H
#define PACKET_DELAY_REPORT_H

#include <stdint.h>

#include "delay_policy.h"
#include "options.h"
#include "release_thread.h"

/* What the receiving side counted. */
struct receive_counters {
  uint64_t packets;
  uint64_t dropped_no_room;
  uint64_t kernel_realtime_stamps;   /* stamped on receipt (CLOCK_REALTIME) */
  uint64_t sender_monotonic_stamps;  /* a TCP sender's departure time carried across the veth */
  uint64_t unstamped;                /* no usable stamp: timed from when this process read it */
};

struct report_input {
  const struct options *options;
  int realtime;
  int gso;
  int64_t started_ns;
  const struct receive_counters *received;
  const struct delay_policy *policy;
  struct release_counters released;
};

/* Prints the "ready" line: the settings in force. */
void report_ready(const struct report_input *in);

/* Prints a "stats" line; `reason` says what asked for it ("signal", "exit"). */
void report_stats(const struct report_input *in, const char *reason);

#endif
