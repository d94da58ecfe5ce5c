/**
 * A throwaway node:http2 (h2c) server for the h2load driver's tests, on 127.0.0.1 and an ephemeral
 * port. It records each request's path in arrival order, the sessions that carried them and the
 * most streams open at once. `/status/<code>` answers that code; `?delayMs=` holds the answer.
 */
import http2 from "node:http2";
import type { AddressInfo } from "node:net";

export interface H2TestServer {
  url: string;
  /** Paths in arrival order. */
  paths: string[];
  /** Distinct HTTP/2 sessions (one per h2load client). */
  sessions(): number;
  /** Most requests open at the same time. */
  maxOpen(): number;
  /** Request bodies' sizes and methods, in arrival order. */
  bodies: { method: string; bytes: number; headers: http2.IncomingHttpHeaders }[];
  reset(): void;
  stop(): Promise<void>;
}

export async function startH2TestServer(): Promise<H2TestServer> {
  const paths: string[] = [];
  const bodies: H2TestServer["bodies"] = [];
  const sessions = new Set<http2.ServerHttp2Session>();
  let open = 0;
  let maxOpen = 0;
  const server = http2.createServer((req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    paths.push(req.url);
    sessions.add(req.stream.session as http2.ServerHttp2Session);
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      bodies.push({ method: req.method, bytes, headers: req.headers });
      const url = new URL(req.url, "http://h2-test");
      const delayMs = Number(url.searchParams.get("delayMs") ?? 0);
      const status = /^\/status\/(\d{3})/.exec(url.pathname)?.[1];
      setTimeout(() => {
        open--;
        res.writeHead(status ? Number(status) : 200, { "content-type": "text/plain" });
        res.end("ok");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    bodies,
    sessions: () => sessions.size,
    maxOpen: () => maxOpen,
    reset() {
      paths.length = 0;
      bodies.length = 0;
      sessions.clear();
      maxOpen = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}
