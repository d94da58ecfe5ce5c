/**
 * For tests that must see what the servers asked of Redis: a MONITOR connection to the test Redis
 * (REDIS_URL) that records every GET's key while it is open. It shows, from the servers' side,
 * which keys a client's calls carried.
 */
import net from "node:net";

export interface RedisMonitor {
  /** Keys of the GET commands seen so far, in order. */
  gets(): string[];
  stop(): Promise<void>;
}

/** Opens the monitor and resolves once Redis has confirmed it (every later command is seen). */
export async function monitorRedis(url = process.env.REDIS_URL): Promise<RedisMonitor> {
  if (!url) throw new Error("REDIS_URL is not set: run the tests through vitest (test/global-setup.ts)");
  const { hostname, port } = new URL(url);
  const socket = net.connect({ host: hostname, port: Number(port) || 6379 });
  const keys: string[] = [];
  let buffer = "";
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    socket.once("error", fail);
    socket.once("connect", () => socket.write("MONITOR\r\n"));
    socket.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (line === "+OK") {
          socket.off("error", fail);
          resolve();
          continue;
        }
        // +1700000000.123456 [0 127.0.0.1:51234] "GET" "relix:item:3"
        const get = /\] "(?:GET|get)" "([^"]*)"/.exec(line);
        if (get) keys.push(get[1]!);
      }
    });
  });
  socket.on("error", () => {});
  return {
    gets: () => [...keys],
    stop: () =>
      new Promise<void>((resolve) => {
        socket.end(() => resolve());
        socket.destroy();
        resolve();
      }),
  };
}
