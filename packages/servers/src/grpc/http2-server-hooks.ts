import http2 from "node:http2";
import type { Socket } from "node:net";
import type { WireCounter } from "@relix/io";

export interface Http2ServerHooks {
  /** Every accepted socket goes to the same wire counter the REST server uses. */
  wire: WireCounter;
  /**
   * The HTTP/2 flow-control window this server grants each stream and each connection, in bytes.
   * Node's default is 64 KiB and grpc-js never grows it, so a megabyte-sized request crawls in
   * 64 KiB steps of WINDOW_UPDATE round trips; gRPC's C-core and Go servers grow theirs by
   * bandwidth-delay probing. A larger fixed window keeps that one default from deciding the
   * upload workloads. GRPC_FLOW_CONTROL_WINDOW_BYTES=65535 restores Node's default.
   */
  flowControlWindowBytes: number;
}

/**
 * grpc-js creates its HTTP/2 server internally and exposes neither its sockets nor its settings.
 * While the gRPC server binds, wrap http2.createServer to apply both hooks; restore it after.
 */
export async function withHttp2ServerHooks<T>(hooks: Http2ServerHooks, bind: () => Promise<T>): Promise<T> {
  const original = http2.createServer;
  const hooked = ((options: http2.ServerOptions = {}, handler?: (...args: never[]) => void) => {
    const settings = { ...options.settings, initialWindowSize: hooks.flowControlWindowBytes };
    const server = (original as (...a: unknown[]) => http2.Http2Server)({ ...options, settings }, handler);
    server.on("connection", (socket: Socket) => hooks.wire.track(socket));
    // The connection-level window is not a SETTINGS value: it is raised per session.
    server.on("session", (session) => session.setLocalWindowSize(hooks.flowControlWindowBytes));
    return server;
  }) as typeof http2.createServer;
  http2.createServer = hooked;
  try {
    return await bind();
  } finally {
    http2.createServer = original;
  }
}
