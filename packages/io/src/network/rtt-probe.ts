import net from "node:net";

/** A TCP echo server of the runner's own, on 127.0.0.1: what the RTT probe bounces its byte off. */
export interface EchoServer {
  port: number;
  close(): Promise<void>;
}

export function startEchoServer(): Promise<EchoServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk) => socket.write(chunk));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: "127.0.0.1", port: 0 }, () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface RttProbeOptions {
  /** Round trips whose median is the answer (after one unmeasured round trip that opens the path). */
  roundTrips?: number;
  /** Gives up after this long in all. */
  timeoutMs?: number;
}

/**
 * The median round trip of one byte to an echo server over one TCP connection with Nagle off,
 * in ms. The connection is opened and warmed by one round trip first, so the handshake (which a
 * TCP proxy does not delay) is not counted.
 */
export async function measureRtt(host: string, port: number, options: RttProbeOptions = {}): Promise<number> {
  const roundTrips = options.roundTrips ?? 20;
  const socket = net.connect({ host, port, noDelay: true });
  const timeout = setTimeout(
    () => socket.destroy(new Error(`RTT probe to ${host}:${port} took longer than ${options.timeoutMs ?? 30_000} ms`)),
    options.timeoutMs ?? 30_000,
  );
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    const times: number[] = [];
    for (let i = 0; i <= roundTrips; i++) {
      const started = process.hrtime.bigint();
      await echoOnce(socket);
      if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return median(times);
  } finally {
    clearTimeout(timeout);
    socket.destroy();
  }
}

function echoOnce(socket: net.Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      socket.off("error", onError);
      socket.off("close", onClose);
      resolve();
    };
    const onError = (error: Error) => {
      socket.off("data", onData);
      reject(error);
    };
    const onClose = () => {
      socket.off("data", onData);
      reject(new Error("the RTT probe's connection closed before its byte came back"));
    };
    socket.once("data", onData);
    socket.once("error", onError);
    socket.once("close", onClose);
    socket.write(Buffer.from([0x2a]));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
