/*
 * packet-delay: holds each packet of one NFQUEUE until its kernel receive timestamp plus a delay,
 * then accepts it, in arrival order. Run one per receiving side (at its PREROUTING) to add half a
 * round trip each way on a link between two network namespaces. See README.md.
 *
 * Two threads: this one reads the queue and works out when each packet is due; the release thread
 * (release_thread.c) sleeps on clock_nanosleep, at real-time priority when allowed, and accepts
 * what is due with one batch verdict per wake-up. Commands on stdin (commands.c) change the
 * delay without dropping a packet and ask for the counters.
 */
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"
#include "commands.h"
#include "delay_policy.h"
#include "nfqueue.h"
#include "options.h"
#include "release_thread.h"
#include "report.h"

/* Messages read per poll() wake-up before signals are looked at again. */
#define READS_PER_WAKEUP 256
#define READ_BUFFER_BYTES 65536
/* A stamp further than this from now on either clock is not believed. */
#define BELIEVABLE_AGE_NS (2 * NS_PER_S)

struct receiver {
  struct delay_policy policy;
  struct receive_counters counters;
  struct held_packet *batch;
  size_t batch_size;
  int64_t now_monotonic, now_realtime;
};

/*
 * How long ago the packet arrived. The kernel stamps it on receipt (CLOCK_REALTIME) once any
 * socket has asked for receive timestamps (main() opens one), but a TCP segment may still carry
 * its sender's departure time (CLOCK_MONOTONIC, kept across the veth for pacing): on a veth the
 * two are microseconds apart, so either serves. The clocks are decades apart, so which it is
 * cannot be mistaken.
 */
static int64_t packet_age(struct receiver *r, const struct queued_packet *p) {
  if (p->has_timestamp) {
    int64_t realtime_age = r->now_realtime - p->timestamp_ns;
    if (realtime_age > -BELIEVABLE_AGE_NS && realtime_age < BELIEVABLE_AGE_NS) {
      r->counters.kernel_realtime_stamps++;
      return realtime_age > 0 ? realtime_age : 0;
    }
    int64_t monotonic_age = r->now_monotonic - p->timestamp_ns;
    if (monotonic_age > -BELIEVABLE_AGE_NS && monotonic_age < BELIEVABLE_AGE_NS) {
      r->counters.sender_monotonic_stamps++;
      return monotonic_age > 0 ? monotonic_age : 0;
    }
  }
  r->counters.unstamped++;
  return 0;
}

static void on_packet(void *context, const struct queued_packet *packet) {
  struct receiver *r = context;
  int64_t due = delay_policy_due(&r->policy, r->now_monotonic, packet_age(r, packet));
  r->batch[r->batch_size++] = (struct held_packet){.id = packet->id, .due_ns = due};
  r->counters.packets++;
}

static int release(void *context, uint32_t last_id) { return nfqueue_accept_up_to(context, last_id); }

/* Any socket with SO_TIMESTAMPNS on turns on the kernel's receive stamps, which the queue passes on. */
static int enable_receive_timestamps(void) {
  int fd = socket(AF_INET, SOCK_DGRAM, 0);
  int on = 1;
  if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof(on));
  return fd;
}

static void raise_own_priority(int priority) {
  if (priority <= 1) return;
  /* Just below the release thread: reading promptly keeps stamps fresh, releasing on time matters more. */
  struct sched_param param = {.sched_priority = priority - 1};
  pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
}

int main(int argc, char **argv) {
  struct options options;
  int parsed = parse_options(argc, argv, &options);
  if (parsed != 0) return parsed > 0 ? 0 : 2;

  /* Never outlive the runner that started it: its rules would send packets to no one. */
  pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) return 0;
  /* No page fault on the release path; allowed as root, harmless to skip otherwise. */
#ifdef MCL_ONFAULT
  /* On fault: locking every thread stack up front would cost tens of ms of start-up for nothing. */
  mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT);
#else
  mlockall(MCL_CURRENT | MCL_FUTURE);
#endif

  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGHUP);
  sigaddset(&signals, SIGUSR1);
  /* Blocked before the release thread exists, so it inherits the mask and only the signalfd sees them. */
  pthread_sigmask(SIG_BLOCK, &signals, NULL);
  int signal_fd = signalfd(-1, &signals, SFD_CLOEXEC);

  int stamp_fd = enable_receive_timestamps();
  struct nfqueue queue;
  char why[256];
  if (nfqueue_open(&queue, options.queue, options.queue_maxlen, why, sizeof(why)) < 0) {
    fprintf(stderr, "packet-delay: %s\n", why);
    return 1;
  }

  struct receiver receiver = {0};
  uint64_t seed = options.seed != 0 ? options.seed : (uint64_t)clock_ns(CLOCK_REALTIME);
  delay_policy_init(&receiver.policy, options.delay_ns, options.jitter_ns, seed);
  receiver.batch = calloc(READS_PER_WAKEUP, sizeof(*receiver.batch));
  struct release_thread releaser;
  if (receiver.batch == NULL ||
      release_thread_init(&releaser, options.queue_maxlen, options.window_ns, release, &queue) != 0) {
    fprintf(stderr, "packet-delay: out of memory for %u held packets\n", options.queue_maxlen);
    return 1;
  }
  int error = release_thread_start(&releaser, options.realtime_priority);
  if (error != 0) {
    fprintf(stderr, "packet-delay: cannot start the release thread: %s\n", strerror(error));
    return 1;
  }
  if (releaser.realtime) raise_own_priority(options.realtime_priority);

  struct report_input report = {.options = &options, .realtime = releaser.realtime, .gso = queue.gso,
                                .started_ns = clock_ns(CLOCK_MONOTONIC), .received = &receiver.counters,
                                .policy = &receiver.policy};
  report_ready(&report);

  char *buffer = malloc(READ_BUFFER_BYTES);
  struct pollfd fds[3] = {{.fd = nfqueue_fd(&queue), .events = POLLIN},
                          {.fd = signal_fd, .events = POLLIN},
                          {.fd = STDIN_FILENO, .events = POLLIN}};
  struct command_reader commands = {.length = 0};
  int exit_code = 0;
  for (;;) {
    if (poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      perror("packet-delay: poll");
      exit_code = 1;
      break;
    }
    if (fds[0].revents & POLLIN) {
      receiver.batch_size = 0;
      for (int i = 0; i < READS_PER_WAKEUP; i++) {
        /* Both clocks read together: a stamp's age is measured on one, the due time kept on the other. */
        receiver.now_realtime = clock_ns(CLOCK_REALTIME);
        receiver.now_monotonic = clock_ns(CLOCK_MONOTONIC);
        int n = nfqueue_read(&queue, buffer, READ_BUFFER_BYTES, on_packet, &receiver);
        if (n < 0) {
          perror("packet-delay: reading the queue");
          exit_code = 1;
          break;
        }
        if (n == 0 || receiver.batch_size == READS_PER_WAKEUP) break;
      }
      size_t left = release_thread_hold(&releaser, receiver.batch, receiver.batch_size);
      for (size_t i = receiver.batch_size - left; i < receiver.batch_size; i++) {
        nfqueue_drop(&queue, receiver.batch[i].id);
        receiver.counters.dropped_no_room++;
      }
      if (exit_code != 0) break;
    }
    if (fds[2].revents & (POLLIN | POLLHUP | POLLERR)) {
      if (read_commands(&commands, &receiver.policy, &releaser, &report) < 0) fds[2].fd = -1; /* closed: no more commands */
    }
    if (fds[1].revents & POLLIN) {
      struct signalfd_siginfo info;
      if (read(signal_fd, &info, sizeof(info)) != sizeof(info)) continue;
      if (info.ssi_signo == SIGUSR1) {
        release_thread_counters(&releaser, &report.released);
        report_stats(&report, "signal");
        continue;
      }
      break;
    }
  }
  release_thread_stop(&releaser);
  release_thread_counters(&releaser, &report.released);
  report_stats(&report, "exit");
  nfqueue_close(&queue);
  if (stamp_fd >= 0) close(stamp_fd);
  free(buffer);
  return exit_code;
}
