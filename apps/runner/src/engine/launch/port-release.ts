/**
 * Waits out a service port the kernel still holds for a closed connection, before a service is
 * started on it.
 *
 * The gRPC services' ports (50051 and up) lie inside Linux's ephemeral range (32768-60999). Any
 * outgoing connection of this machine may be given one of them as its local port: a service's
 * connection to an ephemeral Redis, the runner's to MariaDB. That holds the port while it is open; when it closes from this
 * side, its port stays in TIME-WAIT for 60 s, and a client socket in TIME-WAIT keeps a listener off
 * that port (it was not bound with SO_REUSEADDR). Seen on the reference machine right after a
 * calibration: "EADDRINUSE 127.0.0.1:50052" with nothing listening, `ss` showing the port in
 * TIME-WAIT towards the previous run's Redis. So before starting a service, each of its ports is
 * tried: free, it goes on; taken by a listener, that is another program (refused with how to find
 * it); held without a listener, it waits, bounded, for the kernel to let it go.
 */
import net from "node:net";
import { isPortListening } from "@relix/io/backends";

/** Linux keeps TIME-WAIT for 60 s (TCP_TIMEWAIT_LEN); a little more covers a port that entered it just now. */
export const TIME_WAIT_MS = 60_000;
const WAIT_BOUND_MS = TIME_WAIT_MS + 5_000;
const RETRY_MS = 500;

/**
 * Whether a listener could be bound at host:port now, as the services bind theirs (Node sets
 * SO_REUSEADDR): false only for EADDRINUSE. Any other failure (an address not on this machine yet)
 * is the service's own to report, so it does not count as the port being held.
 */
export function canListen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code !== "EADDRINUSE"));
    probe.listen({ host, port }, () => probe.close(() => resolve(true)));
  });
}

/** What a port was found to be: free; another program's listener; or held by a closed connection. */
export type PortState = "free" | "listening" | "held";

export async function portState(host: string, port: number): Promise<PortState> {
  if (await canListen(host, port)) return "free";
  // Something accepting connections is a listener; a closed connection's port accepts none.
  return (await isPortListening(port, host)) ? "listening" : "held";
}

export interface PortWaitOptions {
  host: string;
  ports: readonly number[];
  /** Said once per held port, when the wait begins. */
  log?: (message: string) => void;
  signal?: AbortSignal;
  /** How long to wait for a held port at most (default: TIME-WAIT and a margin). */
  withinMs?: number;
}

/**
 * Resolves when every port can be listened on. Throws at once for a port another program listens
 * on, and after `withinMs` for one still held, with what was seen and what to do.
 */
export async function waitForFreePorts({
  host,
  ports,
  log = () => {},
  signal,
  withinMs = WAIT_BOUND_MS,
}: PortWaitOptions): Promise<void> {
  for (const port of new Set(ports)) {
    const state = await portState(host, port);
    if (state === "free") continue;
    if (state === "listening") {
      throw new Error(
        `${host}:${port} is taken by another program (it accepts connections, and it is not a Relix service this runner started): ` +
          "`ss -ltnp` names it; stop it or give the service another port",
      );
    }
    log(
      `${host}:${port} is held by a connection of this machine, not a listener (the port is in the range outgoing ` +
        `connections are given, and the kernel keeps a closed one's port up to ${TIME_WAIT_MS / 1000} s in TIME-WAIT): ` +
        "waiting for it before starting the service",
    );
    const deadline = Date.now() + withinMs;
    for (;;) {
      signal?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      if (await canListen(host, port)) break;
      if (Date.now() >= deadline) {
        throw new Error(
          `${host}:${port} stayed unusable for ${Math.round(withinMs / 1000)} s with nothing listening on it ` +
            "(`ss -tan` shows what holds it): wait a minute and start again, or give the service another port",
        );
      }
    }
  }
}
