import { startGrpcServer } from "@relix/grpc-api/server";
import { startRestServer } from "@relix/rest-api/server";
import { loadServiceEnv, type ServiceEnv } from "@relix/io";

/** A MySQL URL for a database of this test file's own, so test files never share rows. */
export function databaseUrl(database: string, base = process.env.MYSQL_URL): string {
  if (!base)
    throw new Error("MYSQL_URL is not set: run the tests through vitest (test/global-setup.ts starts MariaDB)");
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
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
    NODE_PORT: "0",
    NODE_PROTOBUF_PORT: "0",
    H2C_PORT: "0",
    GRPC_STATIC_PORT: "0",
    SHUTDOWN_TIMEOUT_MS: "2000",
    ...overrides,
  });
  const rest = await startRestServer(env);
  const grpc = await startGrpcServer(env);
  return {
    restUrl: `http://127.0.0.1:${rest.port}`,
    /** The REST API process's other HTTP stacks (stacks/stacks.ts), each on its own port. */
    nodeUrl: `http://127.0.0.1:${rest.stackPorts.node}`,
    nodeProtobufUrl: `http://127.0.0.1:${rest.stackPorts["node-protobuf"]}`,
    h2cUrl: `http://127.0.0.1:${rest.stackPorts.h2c}`,
    grpcTarget: `127.0.0.1:${grpc.port}`,
    /** The gRPC API process's grpc-js-static stack (precompiled codec). */
    grpcStaticTarget: `127.0.0.1:${grpc.staticPort}`,
    grpcMetricsUrl: `http://127.0.0.1:${grpc.metricsPort}`,
    async close() {
      await Promise.all([rest.close(), grpc.close()]);
    },
  };
}
export type Stack = Awaited<ReturnType<typeof startStack>>;
