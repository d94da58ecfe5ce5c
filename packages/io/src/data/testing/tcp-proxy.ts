import net from "node:net";

/**
 * A TCP proxy in front of a real server, for outage tests without killing a shared server:
 * stop() is "the server died" (connections reset, port closed), start() is "it came back" on the
 * same port, stall() is "Redis hangs" (connections stay open, bytes wait in the buffers until
 * stall(false), as TCP would deliver them: nothing is dropped, so replies never go out of order).
 */
export interface TcpProxy {
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  stall(stalled: boolean): void;
}

export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  let server: net.Server | undefined;
  let port = 0;

  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => to.write(chunk));
    from.on("close", () => to.destroy());
    from.on("error", () => to.destroy());
  };

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          if (stalled) socket.pause();
        }
        pipe(client, upstream);
        pipe(upstream, client);
      });
      server.once("error", reject);
      server.listen({ host: "127.0.0.1", port }, () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });

  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
    stall(value) {
      stalled = value;
      for (const socket of sockets) {
        if (value) socket.pause();
        else socket.resume();
      }
    },
  };
}
