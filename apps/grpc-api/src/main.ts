import { hostPort } from "@relix/core/network/loopback";
import { closeOnSignals, loadServiceEnv } from "@relix/io";
import { startGrpcServer } from "@relix/servers/grpc";

// The environment is read here, once; everything below receives the typed config.
const env = loadServiceEnv(process.env);
const server = await startGrpcServer(env);
console.log(
  `relix grpc-api listening on ${hostPort(server.host, server.port)}, metrics on http://${hostPort(server.host, server.metricsPort)}/metrics ` +
    `(store: ${server.backends.store}, cache: ${server.backends.cache})`,
);
closeOnSignals(() => server.close(), { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, name: "grpc-api" });
