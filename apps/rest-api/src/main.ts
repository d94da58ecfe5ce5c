import { closeOnSignals, loadServiceEnv } from "@relix/io";
import { startRestServer } from "./server";

const env = loadServiceEnv();
const server = await startRestServer(env);
console.log(
  `relix rest-api listening on http://${server.host}:${server.port} (store: ${server.backends.store}, cache: ${server.backends.cache})`,
);
closeOnSignals(() => server.close(), { timeoutMs: env.SHUTDOWN_TIMEOUT_MS, name: "rest-api" });
