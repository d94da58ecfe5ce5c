#include "release_thread.h"

#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "clock.h"

const int64_t lateness_bucket_us[LATENESS_BUCKETS - 1] = {10, 50, 100, 250, 1000, 4000};

int release_thread_init(struct release_thread *r, size_t capacity, int64_t window_ns, release_fn release,
                        void *release_context) {
  memset(r, 0, sizeof(*r));
  r->ring = calloc(capacity, sizeof(*r->ring));
  if (r->ring == NULL) return ENOMEM;
  memset(r->ring, 0, capacity * sizeof(*r->ring));
  r->capacity = capacity;
  r->window_ns = window_ns;
  r->release = release;
  r->release_context = release_context;
  pthread_mutex_init(&r->lock, NULL);
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&r->not_empty, &attr);
  pthread_condattr_destroy(&attr);
  return 0;
}

size_t release_thread_hold(struct release_thread *r, const struct held_packet *packets, size_t n) {
  pthread_mutex_lock(&r->lock);
  int was_empty = r->count == 0;
  size_t fit = r->capacity - r->count < n ? r->capacity - r->count : n;
  for (size_t i = 0; i < fit; i++) r->ring[(r->head + r->count + i) % r->capacity] = packets[i];
  r->count += fit;
  if (r->count > r->counters.held_max) r->counters.held_max = r->count;
  /* Only an empty queue needs a wake-up: otherwise the thread is asleep until an older packet's due time. */
  if (was_empty && fit > 0) pthread_cond_signal(&r->not_empty);
  pthread_mutex_unlock(&r->lock);
  return n - fit;
}

static void count_lateness(struct release_counters *c, int64_t late_ns) {
  if (late_ns < 0) late_ns = 0;
  c->lateness_sum_ns += late_ns;
  if (late_ns > c->lateness_max_ns) c->lateness_max_ns = late_ns;
  int bucket = 0;
  while (bucket < LATENESS_BUCKETS - 1 && late_ns > lateness_bucket_us[bucket] * NS_PER_US) bucket++;
  c->lateness[bucket]++;
}

/*
 * Called with the lock held. Pops every packet due by `now` (all of them when `everything`) and
 * releases them with one verdict, sent without the lock so that the receiver is never kept waiting.
 */
static void release_due(struct release_thread *r, int64_t now, int everything) {
  size_t due = 0;
  uint32_t last_id = 0;
  while (due < r->count) {
    const struct held_packet *p = &r->ring[(r->head + due) % r->capacity];
    if (!everything && p->due_ns > now) break;
    count_lateness(&r->counters, now - p->due_ns);
    last_id = p->id;
    due++;
  }
  if (due == 0) return;
  r->head = (r->head + due) % r->capacity;
  r->count -= due;
  r->counters.released += due;
  r->counters.verdict_batches++;
  pthread_mutex_unlock(&r->lock);
  int failed = r->release(r->release_context, last_id) < 0;
  pthread_mutex_lock(&r->lock);
  if (failed) r->counters.verdict_errors++;
}

static void *release_loop(void *arg) {
  struct release_thread *r = arg;
  /* The default 50 us of timer slack would be added to most wake-ups: a tenth of a same-zone round trip. */
  prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
  /* Far enough back that the first packet is never held for the window. */
  int64_t last_wake = clock_ns(CLOCK_MONOTONIC) - r->window_ns;
  pthread_mutex_lock(&r->lock);
  while (!r->stopping) {
    if (r->count == 0) {
      pthread_cond_wait(&r->not_empty, &r->lock);
      continue;
    }
    int64_t now = clock_ns(CLOCK_MONOTONIC);
    int64_t head_due = r->ring[r->head].due_ns;
    if (head_due > now || now < last_wake + r->window_ns) {
      /*
       * Asleep until the oldest packet is due, but never sooner than one window after the last
       * wake-up: under load each wake-up then releases a batch (one verdict, one context switch)
       * instead of one packet, at the price of at most one window of lateness. Packets arriving
       * meanwhile are due later than this one, so nothing needs to wake the thread earlier.
       */
      int64_t wake_at = head_due > last_wake + r->window_ns ? head_due : last_wake + r->window_ns;
      struct timespec until = ns_timespec(wake_at);
      pthread_mutex_unlock(&r->lock);
      while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) == EINTR) {
      }
      pthread_mutex_lock(&r->lock);
      continue;
    }
    last_wake = now;
    r->counters.wakeups++;
    release_due(r, now, 0);
  }
  release_due(r, clock_ns(CLOCK_MONOTONIC), 1);
  pthread_mutex_unlock(&r->lock);
  return NULL;
}

int release_thread_start(struct release_thread *r, int priority) {
  if (priority > 0) {
    pthread_attr_t attr;
    struct sched_param param = {.sched_priority = priority};
    pthread_attr_init(&attr);
    pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
    pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
    pthread_attr_setschedparam(&attr, &param);
    int error = pthread_create(&r->thread, &attr, release_loop, r);
    pthread_attr_destroy(&attr);
    if (error == 0) {
      r->realtime = 1;
      r->running = 1;
      return 0;
    }
    /* EPERM without CAP_SYS_NICE or an RLIMIT_RTPRIO: run anyway, at normal priority, and say so. */
  }
  int error = pthread_create(&r->thread, NULL, release_loop, r);
  if (error == 0) r->running = 1;
  return error;
}

void release_thread_counters(struct release_thread *r, struct release_counters *out) {
  pthread_mutex_lock(&r->lock);
  *out = r->counters;
  pthread_mutex_unlock(&r->lock);
}

void release_thread_stop(struct release_thread *r) {
  if (!r->running) return;
  pthread_mutex_lock(&r->lock);
  r->stopping = 1;
  pthread_cond_signal(&r->not_empty);
  pthread_mutex_unlock(&r->lock);
  /* A thread asleep in clock_nanosleep notices at its wake-up, at most one delay from now. */
  pthread_join(r->thread, NULL);
  r->running = 0;
}
