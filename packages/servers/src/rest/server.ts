import http from "node:http";
import type { AddressInfo } from "node:net";
import { createServerTelemetry, createServiceRuntime, type ServiceEnv } from "@relix/io";
import { createRestApp } from "./app";
import { startStackServers } from "./stacks/stack-servers";

/**
 * Starts the REST API: runtime, the Express app, and the other HTTP stacks of its process beside
 * it over the same services; returns how to stop them all.
 */
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
  const stacks = await startStackServers(env, runtime.services, telemetry).catch(async (error: unknown) => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.close();
    telemetry.stop();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: env.HOST,
    backends: runtime.backends,
    /** The other HTTP stacks' ports, by stack id (absent: turned off). */
    stackPorts: Object.fromEntries(stacks.map((stack) => [stack.stack, stack.port])) as Partial<
      Record<(typeof stacks)[number]["stack"], number>
    >,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        }),
        ...stacks.map((stack) => stack.close()),
      ]);
      await runtime.close();
      telemetry.stop();
    },
  };
}
