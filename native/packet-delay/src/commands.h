/*
 * Commands on stdin, one a line, so that the process that started the emulator can steer it
 * without restarting it (a restart would drop every packet queued meanwhile):
 *   delay <us> [<jitter us>]   hold packets arriving from now on this long; answers a "delay" line
 *   stats                      answers a "stats" line
 */
#ifndef PACKET_DELAY_COMMANDS_H
#define PACKET_DELAY_COMMANDS_H

#include <stddef.h>

#include "delay_policy.h"
#include "release_thread.h"
#include "report.h"

struct command_reader {
  char line[256];
  size_t length;
};

/* Reads what stdin has and runs each whole line; returns -1 once stdin is closed, else 0. */
int read_commands(struct command_reader *reader, struct delay_policy *policy, struct release_thread *releaser,
                  struct report_input *report);

#endif
