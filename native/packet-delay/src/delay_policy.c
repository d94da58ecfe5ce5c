#include "delay_policy.h"

void delay_policy_init(struct delay_policy *p, int64_t delay_ns, int64_t jitter_ns, uint64_t seed) {
  p->delay_ns = delay_ns;
  p->jitter_ns = jitter_ns;
  /* xorshift64* must not start at zero. */
  p->random_state = seed != 0 ? seed : 0x9e3779b97f4a7c15ULL;
  p->last_due_ns = 0;
  p->held_for_order = 0;
}

/* xorshift64*: fast, and plenty for spreading delays; no cryptographic use. */
static uint64_t next_random(struct delay_policy *p) {
  uint64_t x = p->random_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  p->random_state = x;
  return x * 0x2545f4914f6cdd1dULL;
}

int64_t delay_policy_due(struct delay_policy *p, int64_t now_ns, int64_t age_ns) {
  int64_t delay = p->delay_ns;
  if (p->jitter_ns > 0) {
    /* Uniform in [-jitter, +jitter]: 53 random bits as a fraction in [0, 1). */
    double unit = (double)(next_random(p) >> 11) / (double)(1ULL << 53);
    delay += (int64_t)((2.0 * unit - 1.0) * (double)p->jitter_ns);
    if (delay < 0) delay = 0;
  }
  int64_t due = now_ns - age_ns + delay;
  if (due < p->last_due_ns) {
    due = p->last_due_ns;
    p->held_for_order++;
  }
  p->last_due_ns = due;
  return due;
}
