/*
 * When each packet is due: its kernel receive time plus the delay, plus jitter, never before the
 * packet that arrived ahead of it (a real link does not reorder, and one batch verdict releases
 * every older packet, so due times must not decrease).
 */
#ifndef PACKET_DELAY_DELAY_POLICY_H
#define PACKET_DELAY_DELAY_POLICY_H

#include <stdint.h>

struct delay_policy {
  int64_t delay_ns;
  int64_t jitter_ns;
  uint64_t random_state;
  int64_t last_due_ns;
  /* Packets whose due time was moved later to keep arrival order (only with jitter). */
  uint64_t held_for_order;
};

void delay_policy_init(struct delay_policy *p, int64_t delay_ns, int64_t jitter_ns, uint64_t seed);

/* The monotonic time a packet received `age_ns` before `now_ns` (monotonic) is due. */
int64_t delay_policy_due(struct delay_policy *p, int64_t now_ns, int64_t age_ns);

#endif
