import { startGrpcServer } from "@relix/servers/grpc";
import { startRestServer } from "@relix/servers/rest";
import { optionalStackIds, stackPortVariable } from "@relix/core/stacks/port-variables";
import { DEFAULT_PAIR, type StackId } from "@relix/core/stacks/stacks";
import { loadServiceEnv, type ServiceEnv } from "@relix/io";

/** A MySQL URL for a database of this test file's own, so test files never share rows. */
export function databaseUrl(database: string, base = process.env.MYSQL_URL): string {
  if (!base)
    throw new Error("MYSQL_URL is not set: run the tests through vitest (test/global-setup.ts starts MariaDB)");
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The environment a server of another runtime is started with (runtime-servers.ts): this
 * process's own (PATH, JAVA_HOME), the test Redis, and the given settings.
 */
export function serverEnvironment(settings: Record<string, string>): Record<string, string | undefined> {
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl)
    throw new Error("REDIS_URL is not set: run the tests through vitest (test/global-setup.ts starts Redis)");
  return { ...process.env, REDIS_URL: redisUrl, ...settings };
}

/** Both APIs (every stack of each) in this process on ports picked by the OS, over the given backends. */
export async function startStack(overrides: Partial<Record<keyof ServiceEnv, string>> = {}) {
  const env = loadServiceEnv({
    REDIS_URL: process.env.REDIS_URL,
    MYSQL_URL: process.env.MYSQL_URL,
    HOST: "127.0.0.1",
    REST_PORT: "0",
    GRPC_PORT: "0",
    GRPC_METRICS_PORT: "0",
    // Every other stack on a port of its own.
    ...Object.fromEntries(optionalStackIds.map((stack) => [stackPortVariable(stack).variable, "0"])),
    SHUTDOWN_TIMEOUT_MS: "2000",
    ...overrides,
  });
  const rest = await startRestServer(env);
  const grpc = await startGrpcServer(env);
  const ports: Partial<Record<StackId, number>> = {
    [DEFAULT_PAIR.rest]: rest.port,
    [DEFAULT_PAIR.grpc]: grpc.port,
    ...rest.stackPorts,
    ...grpc.stackPorts,
  };
  return {
    restUrl: `http://127.0.0.1:${rest.port}`,
    grpcTarget: `127.0.0.1:${grpc.port}`,
    /** Where each stack these processes serve listens (host:port), by stack id. */
    addresses: Object.fromEntries(
      Object.entries(ports).map(([stack, port]) => [stack, `127.0.0.1:${port}`]),
    ) as Partial<Record<StackId, string>>,
    grpcMetricsUrl: `http://127.0.0.1:${grpc.metricsPort}`,
    async close() {
      await Promise.all([rest.close(), grpc.close()]);
    },
  };
}
export type Stack = Awaited<ReturnType<typeof startStack>>;
