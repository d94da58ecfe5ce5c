/*
 * The netlink side of one NFQUEUE: binding it, reading what the kernel queued (only each packet's
 * id and receive timestamp: no payload is copied), and accepting packets with batch verdicts.
 */
#ifndef PACKET_DELAY_NFQUEUE_H
#define PACKET_DELAY_NFQUEUE_H

#include <stddef.h>
#include <stdint.h>

struct mnl_socket;

struct nfqueue {
  struct mnl_socket *socket;
  uint16_t queue;
  uint32_t portid;
  uint32_t sequence;
  int gso;  /* whether the kernel hands over GSO packets whole (fewer, larger packets to hold) */
};

/* A packet the kernel queued: its id, and its receive timestamp when the kernel attached one. */
struct queued_packet {
  uint32_t id;
  int has_timestamp;
  int64_t timestamp_ns; /* as the kernel stamped it: CLOCK_REALTIME, or a sender's CLOCK_MONOTONIC departure time */
};

/* Opens the socket and binds `queue`; on failure returns -1 with `why` filled in. */
int nfqueue_open(struct nfqueue *q, uint16_t queue, uint32_t maxlen, char *why, size_t why_size);

int nfqueue_fd(const struct nfqueue *q);

/*
 * Reads one netlink message batch without blocking; calls `on_packet` for each queued packet.
 * Returns the packets seen, 0 when nothing was waiting, -1 on a socket error (errno set).
 */
int nfqueue_read(struct nfqueue *q, char *buffer, size_t size,
                 void (*on_packet)(void *context, const struct queued_packet *packet), void *context);

/* Accepts every packet still queued with an id up to `last_id` (NFQNL_MSG_VERDICT_BATCH). */
int nfqueue_accept_up_to(struct nfqueue *q, uint32_t last_id);

/* Drops one packet (used only when there is no room left to hold it). */
int nfqueue_drop(struct nfqueue *q, uint32_t id);

void nfqueue_close(struct nfqueue *q);

#endif
