import http from "node:http";
import type { AddressInfo } from "node:net";
import { createServerTelemetry, createServiceRuntime, type ServiceEnv } from "@relix/io";
import { createRestApp } from "./app";

/** Starts the REST API: runtime, app, socket counters; returns how to stop it. */
export async function startRestServer(env: ServiceEnv) {
  const telemetry = createServerTelemetry("rest");
  const runtime = await createServiceRuntime(env, telemetry);
  const app = createRestApp(runtime.services, telemetry);
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.on("connection", (socket) => telemetry.wire.track(socket));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.REST_PORT, env.HOST, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: env.HOST,
    backends: runtime.backends,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await runtime.close();
      telemetry.stop();
    },
  };
}
