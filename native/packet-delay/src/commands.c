#include "commands.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"

/* Ten seconds each way, as on the command line. */
#define MAX_DELAY_US (10LL * 1000 * 1000)

static void run_command(char *line, struct delay_policy *policy, struct release_thread *releaser,
                        struct report_input *report) {
  long long delay_us, jitter_us = 0;
  int fields = sscanf(line, "delay %lld %lld", &delay_us, &jitter_us);
  if (fields >= 1) {
    if (delay_us < 0 || delay_us > MAX_DELAY_US || jitter_us < 0 || jitter_us > MAX_DELAY_US) {
      printf("{\"event\":\"error\",\"message\":\"delay and jitter must be 0 to %lld us\"}\n", MAX_DELAY_US);
    } else {
      /* Packets already held keep their due times; later ones never go out before them (delay_policy.c). */
      policy->delay_ns = delay_us * NS_PER_US;
      policy->jitter_ns = jitter_us * NS_PER_US;
      printf("{\"event\":\"delay\",\"delayUs\":%lld,\"jitterUs\":%lld}\n", delay_us, jitter_us);
    }
    fflush(stdout);
    return;
  }
  if (strcmp(line, "stats") == 0) {
    release_thread_counters(releaser, &report->released);
    report_stats(report, "command");
    return;
  }
  printf("{\"event\":\"error\",\"message\":\"unknown command (delay <us> [<jitter us>] | stats)\"}\n");
  fflush(stdout);
}

int read_commands(struct command_reader *reader, struct delay_policy *policy, struct release_thread *releaser,
                  struct report_input *report) {
  ssize_t n = read(STDIN_FILENO, reader->line + reader->length, sizeof(reader->line) - 1 - reader->length);
  if (n < 0) return errno == EINTR || errno == EAGAIN ? 0 : -1;
  if (n == 0) return -1;
  reader->length += (size_t)n;
  reader->line[reader->length] = '\0';
  char *start = reader->line;
  char *end;
  while ((end = strchr(start, '\n')) != NULL) {
    *end = '\0';
    run_command(start, policy, releaser, report);
    start = end + 1;
  }
  reader->length = strlen(start);
  memmove(reader->line, start, reader->length);
  /* A line longer than the buffer is no command: dropped rather than left to block the reader. */
  if (reader->length == sizeof(reader->line) - 1) reader->length = 0;
  return 0;
}
