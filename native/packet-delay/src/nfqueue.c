#include "nfqueue.h"

#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <libmnl/libmnl.h>
#include <libnetfilter_queue/libnetfilter_queue.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink_queue.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "clock.h"

/* Room for a few thousand packet notices: a burst at 147 ms must not overflow the socket. */
#define RECEIVE_BUFFER_BYTES (16 * 1024 * 1024)

struct read_context {
  void (*on_packet)(void *context, const struct queued_packet *packet);
  void *context;
  int packets;
};

/* Sends a config message and waits for its acknowledgement; returns 0 or an errno. */
static int configure(struct nfqueue *q, struct nlmsghdr *nlh) {
  nlh->nlmsg_flags |= NLM_F_ACK;
  nlh->nlmsg_seq = ++q->sequence;
  if (mnl_socket_sendto(q->socket, nlh, nlh->nlmsg_len) < 0) return errno;
  char buffer[MNL_SOCKET_BUFFER_SIZE];
  /* Bounded: an acknowledgement comes back at once; anything else read here is skipped. */
  for (int attempt = 0; attempt < 64; attempt++) {
    ssize_t n = mnl_socket_recvfrom(q->socket, buffer, sizeof(buffer));
    if (n < 0) return errno;
    int result = mnl_cb_run(buffer, (size_t)n, q->sequence, q->portid, NULL, NULL);
    if (result == MNL_CB_STOP) return 0; /* the acknowledgement */
    if (result == MNL_CB_ERROR && errno != ESRCH && errno != EPROTO) return errno;
  }
  return ETIMEDOUT;
}

int nfqueue_open(struct nfqueue *q, uint16_t queue, uint32_t maxlen, char *why, size_t why_size) {
  memset(q, 0, sizeof(*q));
  q->queue = queue;
  q->socket = mnl_socket_open(NETLINK_NETFILTER);
  if (q->socket == NULL) {
    snprintf(why, why_size, "cannot open a netfilter netlink socket: %s", strerror(errno));
    return -1;
  }
  if (mnl_socket_bind(q->socket, 0, MNL_SOCKET_AUTOPID) < 0) {
    snprintf(why, why_size, "cannot bind the netlink socket: %s", strerror(errno));
    return -1;
  }
  q->portid = mnl_socket_get_portid(q->socket);
  int fd = mnl_socket_get_fd(q->socket);
  int size = RECEIVE_BUFFER_BYTES;
  /* FORCE passes the system's rmem_max as root; the plain option is the fallback without it. */
  if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)) < 0) {
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
  }
  int on = 1;
  /* An overrun is then seen as dropped packets in the kernel's counters, not as a socket error. */
  mnl_socket_setsockopt(q->socket, NETLINK_NO_ENOBUFS, &on, sizeof(on));

  char buffer[MNL_SOCKET_BUFFER_SIZE];
  struct nlmsghdr *nlh = nfq_nlmsg_put(buffer, NFQNL_MSG_CONFIG, queue);
  nfq_nlmsg_cfg_put_cmd(nlh, AF_INET, NFQNL_CFG_CMD_BIND);
  int error = configure(q, nlh);
  if (error != 0) {
    snprintf(why, why_size, "cannot bind NFQUEUE %u: %s%s", queue, strerror(error),
             error == EBUSY ? " (another process holds it)" : error == EPERM ? " (needs CAP_NET_ADMIN)" : "");
    return -1;
  }
  nlh = nfq_nlmsg_put(buffer, NFQNL_MSG_CONFIG, queue);
  nfq_nlmsg_cfg_put_params(nlh, NFQNL_COPY_META, 0);
  nfq_nlmsg_cfg_put_qmaxlen(nlh, maxlen);
  error = configure(q, nlh);
  if (error != 0) {
    snprintf(why, why_size, "cannot configure NFQUEUE %u: %s", queue, strerror(error));
    return -1;
  }
  /* GSO packets whole, when the kernel allows it: otherwise it segments them before queueing. */
  nlh = nfq_nlmsg_put(buffer, NFQNL_MSG_CONFIG, queue);
  mnl_attr_put_u32(nlh, NFQA_CFG_FLAGS, htonl(NFQA_CFG_F_GSO));
  mnl_attr_put_u32(nlh, NFQA_CFG_MASK, htonl(NFQA_CFG_F_GSO));
  q->gso = configure(q, nlh) == 0;
  return 0;
}

int nfqueue_fd(const struct nfqueue *q) { return mnl_socket_get_fd(q->socket); }

static int on_message(const struct nlmsghdr *nlh, void *data) {
  struct read_context *read = data;
  struct nlattr *attributes[NFQA_MAX + 1] = {NULL};
  if (nfq_nlmsg_parse(nlh, attributes) < 0) return MNL_CB_OK;
  if (attributes[NFQA_PACKET_HDR] == NULL) return MNL_CB_OK;
  const struct nfqnl_msg_packet_hdr *header = mnl_attr_get_payload(attributes[NFQA_PACKET_HDR]);
  struct queued_packet packet = {.id = ntohl(header->packet_id), .has_timestamp = 0, .timestamp_ns = 0};
  if (attributes[NFQA_TIMESTAMP] != NULL) {
    const struct nfqnl_msg_packet_timestamp *stamp = mnl_attr_get_payload(attributes[NFQA_TIMESTAMP]);
    packet.has_timestamp = 1;
    packet.timestamp_ns = (int64_t)be64toh(stamp->sec) * NS_PER_S + (int64_t)be64toh(stamp->usec) * NS_PER_US;
  }
  read->on_packet(read->context, &packet);
  read->packets++;
  return MNL_CB_OK;
}

int nfqueue_read(struct nfqueue *q, char *buffer, size_t size,
                 void (*on_packet)(void *context, const struct queued_packet *packet), void *context) {
  ssize_t n = recv(nfqueue_fd(q), buffer, size, MSG_DONTWAIT);
  if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1;
  struct read_context read = {.on_packet = on_packet, .context = context, .packets = 0};
  /* Sequence 0 and port 0 accept the kernel's unsolicited packet messages; an error reply is skipped. */
  mnl_cb_run(buffer, (size_t)n, 0, 0, on_message, &read);
  return read.packets;
}

static int verdict(struct nfqueue *q, int type, uint32_t id, int verdict_code) {
  char buffer[MNL_SOCKET_BUFFER_SIZE];
  struct nlmsghdr *nlh = nfq_nlmsg_put(buffer, type, q->queue);
  nfq_nlmsg_verdict_put(nlh, (int)id, verdict_code);
  return mnl_socket_sendto(q->socket, nlh, nlh->nlmsg_len) < 0 ? -1 : 0;
}

int nfqueue_accept_up_to(struct nfqueue *q, uint32_t last_id) {
  return verdict(q, NFQNL_MSG_VERDICT_BATCH, last_id, NF_ACCEPT);
}

int nfqueue_drop(struct nfqueue *q, uint32_t id) { return verdict(q, NFQNL_MSG_VERDICT, id, NF_DROP); }

void nfqueue_close(struct nfqueue *q) {
  if (q->socket != NULL) mnl_socket_close(q->socket);
  q->socket = NULL;
}
