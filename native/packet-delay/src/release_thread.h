/*
 * The packets held, oldest first, and the thread that lets them go. Each packet carries the
 * monotonic time it is due; due times never decrease (delay_policy.c keeps them so), so the
 * oldest packet is always the next one due and a single accept verdict on the newest due packet
 * releases every packet before it too, in arrival order.
 */
#ifndef PACKET_DELAY_RELEASE_THREAD_H
#define PACKET_DELAY_RELEASE_THREAD_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

struct held_packet {
  uint32_t id;     /* the kernel's packet id in its queue */
  int64_t due_ns;  /* CLOCK_MONOTONIC */
};

/* Accepts every packet still queued with an id up to `last_id`; returns 0 or -1. */
typedef int (*release_fn)(void *context, uint32_t last_id);

/* How late packets went out: counts by lateness bucket (upper bounds in microseconds, last open). */
#define LATENESS_BUCKETS 7
extern const int64_t lateness_bucket_us[LATENESS_BUCKETS - 1];

struct release_counters {
  uint64_t released;
  uint64_t verdict_batches;  /* accept verdicts sent; each releases one or more packets */
  uint64_t verdict_errors;
  uint64_t wakeups;
  int64_t lateness_sum_ns;
  int64_t lateness_max_ns;
  uint64_t lateness[LATENESS_BUCKETS];
  size_t held_max;
};

struct release_thread {
  pthread_mutex_t lock;
  pthread_cond_t not_empty;
  struct held_packet *ring;
  size_t capacity, head, count;
  int64_t window_ns;
  int stopping;
  release_fn release;
  void *release_context;
  struct release_counters counters;
  pthread_t thread;
  int running;
  int realtime;  /* whether SCHED_FIFO was granted */
};

/* Allocates (and touches, so the hot path takes no page fault) room for `capacity` packets. */
int release_thread_init(struct release_thread *r, size_t capacity, int64_t window_ns, release_fn release,
                        void *release_context);

/* Starts the thread, at SCHED_FIFO `priority` when allowed (0: do not ask); returns 0 or an errno. */
int release_thread_start(struct release_thread *r, int priority);

/* Holds `n` packets (in arrival order); returns how many did not fit (the caller drops those). */
size_t release_thread_hold(struct release_thread *r, const struct held_packet *packets, size_t n);

/* A consistent copy of the counters. */
void release_thread_counters(struct release_thread *r, struct release_counters *out);

/* Releases everything still held at once (nothing should be kept from its receiver on the way out) and joins. */
void release_thread_stop(struct release_thread *r);

#endif
