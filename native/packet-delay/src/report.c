#include "report.h"

#include <inttypes.h>
#include <stdio.h>
#include <sys/resource.h>

#include "clock.h"
#include "version.h"

static int64_t timeval_us(struct timeval t) { return (int64_t)t.tv_sec * 1000000 + t.tv_usec; }

/*
 * The kernel's own counters for our queue, from /proc/net/netfilter/nfnetlink_queue (this network
 * namespace's): packets it dropped because the queue was full, and because it could not hand them
 * to this process. -1 each when the file cannot be read.
 */
static void kernel_drops(uint16_t queue, long long *queue_dropped, long long *user_dropped) {
  *queue_dropped = -1;
  *user_dropped = -1;
  FILE *f = fopen("/proc/net/netfilter/nfnetlink_queue", "r");
  if (f == NULL) return;
  unsigned number, portid, total, mode, range, dropped, user, sequence, one;
  while (fscanf(f, "%u %u %u %u %u %u %u %u %u", &number, &portid, &total, &mode, &range, &dropped, &user, &sequence,
                &one) == 9) {
    if (number == queue) {
      *queue_dropped = dropped;
      *user_dropped = user;
      break;
    }
  }
  fclose(f);
}

void report_ready(const struct report_input *in) {
  const struct options *o = in->options;
  printf("{\"event\":\"ready\",\"version\":\"%s\",\"queue\":%u,\"delayUs\":%" PRId64 ",\"jitterUs\":%" PRId64
         ",\"windowUs\":%" PRId64 ",\"queueMaxlen\":%u,\"realtime\":%s,\"gso\":%s}\n",
         PACKET_DELAY_VERSION, o->queue, o->delay_ns / NS_PER_US, o->jitter_ns / NS_PER_US, o->window_ns / NS_PER_US,
         o->queue_maxlen, in->realtime ? "true" : "false", in->gso ? "true" : "false");
  fflush(stdout);
}

void report_stats(const struct report_input *in, const char *reason) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  long long queue_dropped, user_dropped;
  kernel_drops(in->options->queue, &queue_dropped, &user_dropped);
  const struct release_counters *r = &in->released;
  const struct receive_counters *c = in->received;
  uint64_t released = r->released > 0 ? r->released : 1;
  printf("{\"event\":\"stats\",\"reason\":\"%s\",\"version\":\"%s\",\"queue\":%u,\"uptimeMs\":%" PRId64
         ",\"cpuUserUs\":%" PRId64 ",\"cpuSystemUs\":%" PRId64 ",\"packets\":%" PRIu64 ",\"released\":%" PRIu64
         ",\"droppedNoRoom\":%" PRIu64 ",\"kernelQueueDropped\":%lld,\"kernelUserDropped\":%lld"
         ",\"verdictBatches\":%" PRIu64 ",\"verdictErrors\":%" PRIu64 ",\"wakeups\":%" PRIu64
         ",\"heldMax\":%zu,\"heldForOrder\":%" PRIu64 ",\"stamps\":{\"kernelRealtime\":%" PRIu64
         ",\"senderMonotonic\":%" PRIu64 ",\"none\":%" PRIu64 "},\"latenessMeanUs\":%.1f,\"latenessMaxUs\":%.1f"
         ",\"latenessUs\":{",
         reason, PACKET_DELAY_VERSION, in->options->queue, (clock_ns(CLOCK_MONOTONIC) - in->started_ns) / 1000000,
         timeval_us(usage.ru_utime), timeval_us(usage.ru_stime), c->packets, r->released, c->dropped_no_room,
         queue_dropped, user_dropped, r->verdict_batches, r->verdict_errors, r->wakeups, r->held_max,
         in->policy->held_for_order, c->kernel_realtime_stamps, c->sender_monotonic_stamps, c->unstamped,
         (double)r->lateness_sum_ns / (double)released / 1000.0, (double)r->lateness_max_ns / 1000.0);
  for (int i = 0; i < LATENESS_BUCKETS; i++) {
    if (i < LATENESS_BUCKETS - 1) {
      printf("%s\"le%" PRId64 "\":%" PRIu64, i > 0 ? "," : "", lateness_bucket_us[i], r->lateness[i]);
    } else {
      printf(",\"gt%" PRId64 "\":%" PRIu64, lateness_bucket_us[i - 1], r->lateness[i]);
    }
  }
  printf("}}\n");
  fflush(stdout);
}
