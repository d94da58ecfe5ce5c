import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SilentServices {
  /** The environment that points a runner at them (as the operator's services, never started by it). */
  env: Record<string, string>;
  /** Resolves at the first request: a run has started and is checking its services. */
  asked: Promise<void>;
  close(): Promise<void>;
}

/**
 * Stand-ins for the REST and gRPC services, on 127.0.0.1, that accept every request and never
 * answer it. A runner pointed at them (RELIX_REMOTE_SERVICES=1) marks a run running and then waits
 * in its services check (3 s) without starting any process or sending any load: a run to interrupt.
 */
export async function startSilentServices(): Promise<SilentServices> {
  let onAsked = () => {};
  const asked = new Promise<void>((resolve) => (onAsked = resolve));
  const listen = async () => {
    const server = http.createServer(() => onAsked());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return server;
  };
  const [rest, grpcMetrics] = [await listen(), await listen()];
  const portOf = (server: http.Server) => String((server.address() as AddressInfo).port);
  return {
    env: {
      RELIX_REMOTE_SERVICES: "1",
      SERVICES_HOST: "127.0.0.1",
      REST_PORT: portOf(rest),
      // Nothing connects to the gRPC port before the services check has passed.
      GRPC_PORT: portOf(grpcMetrics),
      GRPC_METRICS_PORT: portOf(grpcMetrics),
    },
    asked,
    async close() {
      for (const server of [rest, grpcMetrics]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
