import { z } from "zod";
import { optionalStackIds, stackPortVariable } from "@relix/core/stacks/port-variables";
import { DEFAULT_PAIR, stackRecord, type StackId } from "@relix/core/stacks/stacks";
import { serviceProcesses, sidePortOf } from "@relix/core/stacks/service-processes";
import { MYSQL_QUERY_TIMEOUT_MS } from "../repository/mysql-store";

/**
 * The services' config, parsed from the environment each entry point passes in. Everything else
 * receives this typed config.
 * Every value has a safe default: services bind loopback unless told otherwise.
 */
const port = z.coerce.number().int().min(0).max(65535);
/** A port, or "off" (null): 0 already means "any free port", as tests use it. */
const optionalPort = z.union([z.literal("off").transform(() => null), port]);

/** The stacks the Node services serve beside the default pair, each on its own port variable. */
const nodeOptionalStacks = optionalStackIds.filter(
  (stack) => serviceProcesses[stackRecord(stack).process].runtime === "node",
);
const optionalStackPortShape = Object.fromEntries(
  nodeOptionalStacks.map((stack) => [
    stackPortVariable(stack).variable,
    optionalPort.default(stackPortVariable(stack).default),
  ]),
) as Record<string, z.ZodDefault<typeof optionalPort>>;

export const serviceEnvSchema = z.object({
  REDIS_URL: z.string().url().optional(),
  MYSQL_URL: z.string().url().optional(),
  HOST: z.string().default("127.0.0.1"),
  REST_PORT: port.default(stackPortVariable(DEFAULT_PAIR.rest).default),
  GRPC_PORT: port.default(stackPortVariable(DEFAULT_PAIR.grpc).default),
  GRPC_METRICS_PORT: port.default(sidePortOf(stackRecord(DEFAULT_PAIR.grpc).process)!.default),
  /** Each other stack of the two Node processes (stacks/stacks.ts), by its port variable; "off" leaves one unserved. */
  ...optionalStackPortShape,
  // An hour: the longest run a spec allows (MAX_TOTAL_RUN_MS), so keys primed before measuring
  // stay warm to the last cell.
  CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  SEED_ON_START: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  /** "embedded" only for the labelled fallback when neither Redis nor MySQL can be had. */
  RELIX_BACKENDS: z.enum(["real", "embedded"]).default("real"),
  /** The gRPC server's HTTP/2 flow-control window (see packages/servers/src/grpc/http2-server-hooks.ts). */
  GRPC_FLOW_CONTROL_WINDOW_BYTES: z.coerce
    .number()
    .int()
    .min(65_535)
    .max(2 ** 31 - 1)
    .default(4 * 1024 * 1024),
  /**
   * A read MySQL has not answered within this many ms (waiting for a pooled connection included)
   * is answered 503 / UNAVAILABLE rather than left to hang (repository/mysql-store.ts).
   */
  MYSQL_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(MYSQL_QUERY_TIMEOUT_MS),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** Where the env says one of the Node processes' other stacks listens: null when it is "off". */
export function optionalStackPort(env: ServiceEnv, stack: StackId): number | null {
  const value = (env as unknown as Record<string, number | null | undefined>)[stackPortVariable(stack).variable];
  return value ?? null;
}

/** Parses the environment, failing with every problem listed, not just the first. */
export function loadServiceEnv(env: Readonly<Record<string, string | undefined>>): ServiceEnv {
  const parsed = serviceEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid environment:\n${problems}`);
  }
  const config = parsed.data;
  if (config.RELIX_BACKENDS === "real" && (!config.REDIS_URL || !config.MYSQL_URL)) {
    throw new Error(
      "REDIS_URL and MYSQL_URL must be set (for example redis://127.0.0.1:6379 and mysql://relix:relix@127.0.0.1:3306/relix), " +
        "or RELIX_BACKENDS=embedded for the in-process fallback",
    );
  }
  return config;
}
