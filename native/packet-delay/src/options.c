#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"
#include "version.h"

static void usage(FILE *to) {
  fprintf(to,
          "usage: packet-delay --queue N --delay-us US [--jitter-us US] [--window-us US]\n"
          "                    [--queue-maxlen N] [--seed N] [--rt-priority P]\n"
          "Holds every packet of NFQUEUE N until its kernel receive timestamp plus the delay,\n"
          "then accepts it, in arrival order. Prints one JSON line when ready and one with its\n"
          "counters and CPU time on SIGUSR1 and on exit (SIGTERM, SIGINT, SIGHUP).\n");
}

/* A whole number in [min, max], or -1 with a message. */
static int parse_number(const char *name, const char *text, long long min, long long max, long long *out) {
  char *end = NULL;
  errno = 0;
  long long value = strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || value < min || value > max) {
    fprintf(stderr, "packet-delay: --%s must be a whole number from %lld to %lld, not '%s'\n", name, min, max, text);
    return -1;
  }
  *out = value;
  return 0;
}

int parse_options(int argc, char **argv, struct options *out) {
  static const struct option long_options[] = {
      {"queue", required_argument, NULL, 'q'},     {"delay-us", required_argument, NULL, 'd'},
      {"jitter-us", required_argument, NULL, 'j'}, {"window-us", required_argument, NULL, 'w'},
      {"queue-maxlen", required_argument, NULL, 'm'}, {"seed", required_argument, NULL, 's'},
      {"rt-priority", required_argument, NULL, 'p'}, {"help", no_argument, NULL, 'h'},
      {"version", no_argument, NULL, 'V'},         {NULL, 0, NULL, 0},
  };
  /* One second of delay each way is the most a placement asks for (a 1,000 ms RTT is 500 ms). */
  const long long max_us = 10 * 1000 * 1000;
  struct options o = {.queue = 0, .delay_ns = -1, .jitter_ns = 0, .window_ns = 50 * NS_PER_US,
                      .queue_maxlen = 65536, .seed = 0, .realtime_priority = 10};
  int have_queue = 0;
  long long value;
  int c;
  while ((c = getopt_long(argc, argv, "", long_options, NULL)) != -1) {
    switch (c) {
      case 'q':
        if (parse_number("queue", optarg, 0, 65535, &value) < 0) return -1;
        o.queue = (uint16_t)value;
        have_queue = 1;
        break;
      case 'd':
        if (parse_number("delay-us", optarg, 0, max_us, &value) < 0) return -1;
        o.delay_ns = value * NS_PER_US;
        break;
      case 'j':
        if (parse_number("jitter-us", optarg, 0, max_us, &value) < 0) return -1;
        o.jitter_ns = value * NS_PER_US;
        break;
      case 'w':
        if (parse_number("window-us", optarg, 0, 100000, &value) < 0) return -1;
        o.window_ns = value * NS_PER_US;
        break;
      case 'm':
        if (parse_number("queue-maxlen", optarg, 16, 1 << 20, &value) < 0) return -1;
        o.queue_maxlen = (uint32_t)value;
        break;
      case 's':
        if (parse_number("seed", optarg, 0, 0x7fffffffffffffffLL, &value) < 0) return -1;
        o.seed = (uint64_t)value;
        break;
      case 'p':
        if (parse_number("rt-priority", optarg, 0, 99, &value) < 0) return -1;
        o.realtime_priority = (int)value;
        break;
      case 'h':
        usage(stdout);
        return 1;
      case 'V':
        printf("packet-delay %s\n", PACKET_DELAY_VERSION);
        return 1;
      default:
        usage(stderr);
        return -1;
    }
  }
  if (optind != argc || !have_queue || o.delay_ns < 0) {
    fprintf(stderr, "packet-delay: --queue and --delay-us are required, and nothing else\n");
    usage(stderr);
    return -1;
  }
  *out = o;
  return 0;
}
