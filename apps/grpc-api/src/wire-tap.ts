import http2 from "node:http2";
import type { WireCounter } from "@relix/shared";

/**
 * grpc-js creates its HTTP/2 server internally and exposes no socket events. To count wire
 * bytes exactly as the REST server does (at the sockets), wrap http2.createServer while the
 * gRPC server binds, and hand every accepted socket to the same counter.
 */
export async function withWireTap<T>(counter: WireCounter, bind: () => Promise<T>): Promise<T> {
  const original = http2.createServer;
  const tapped = ((...args: Parameters<typeof http2.createServer>) => {
    const server = (original as (...a: unknown[]) => http2.Http2Server)(...args);
    server.on("connection", (socket) => counter.track(socket));
    return server;
  }) as typeof http2.createServer;
  http2.createServer = tapped;
  try {
    return await bind();
  } finally {
    http2.createServer = original;
  }
}
