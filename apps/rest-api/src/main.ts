import { hostPort } from "@relix/core/network/loopback";
import { closeOnSignals, loadServiceEnv } from "@relix/io";
import { startRestServer } from "@relix/servers/rest";

// The environment is read here, once; everything below receives the typed config.
const env = loadServiceEnv(process.env);
const server = await startRestServer(env);
const others = Object.entries(server.stackPorts)
  .map(([stack, port]) => `${stack} on ${hostPort(server.host, port)}`)
  .join(", ");
console.log(
  `relix rest-api listening on http://${hostPort(server.host, server.port)}${others ? ` (also ${others})` : ""} ` +
    `(store: ${server.backends.store}, cache: ${server.backends.cache})`,
);
closeOnSignals(() => server.close(), { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, name: "rest-api" });
