import { closeOnSignals, loadServiceEnv } from "@relix/io";
import { startGrpcServer } from "./server";

const env = loadServiceEnv();
const server = await startGrpcServer(env);
console.log(
  `relix grpc-api listening on ${server.host}:${server.port}, metrics on http://${server.host}:${server.metricsPort}/metrics ` +
    `(store: ${server.backends.store}, cache: ${server.backends.cache})`,
);
closeOnSignals(() => server.close(), { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, name: "grpc-api" });
