/* Time in nanoseconds on the clocks the emulator uses. */
#ifndef PACKET_DELAY_CLOCK_H
#define PACKET_DELAY_CLOCK_H

#include <stdint.h>
#include <time.h>

#define NS_PER_US ((int64_t)1000)
#define NS_PER_S ((int64_t)1000000000)

static inline int64_t timespec_ns(const struct timespec *t) { return (int64_t)t->tv_sec * NS_PER_S + t->tv_nsec; }

static inline struct timespec ns_timespec(int64_t ns) {
  struct timespec t = {.tv_sec = ns / NS_PER_S, .tv_nsec = ns % NS_PER_S};
  return t;
}

static inline int64_t clock_ns(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return timespec_ns(&t);
}

#endif
