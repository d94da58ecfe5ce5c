import path from "node:path";
import { z } from "zod";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";
import {
  targetsEnvSchema,
  targetsEnvShape,
  targetsFromEnv,
  withTargetChecks,
  type ServiceTargets,
} from "../engine/targets";
import { DEFAULT_RESULTS_DIR } from "../store/result-files";

/**
 * The runner's one config: what `pnpm bench` and the runner service read from their environment,
 * once, at start-up (each entry point passes its env here; nothing below reads process.env).
 * Defaults are safe: services on loopback only (another host only with RELIX_REMOTE_SERVICES=1), no MySQL means the file-only store (said loudly at start-up),
 * the web app's usual origins allowed to POST.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** Web origins allowed by default to call the runner (the web app in dev and in `pnpm start`). */
export const DEFAULT_ALLOWED_ORIGINS = [
  `http://127.0.0.1:${DEFAULT_PORTS.web}`,
  `http://localhost:${DEFAULT_PORTS.web}`,
] as const;

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

const origin = z.string().transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({
      code: "custom",
      message: `${JSON.stringify(value)} is not an origin (like ${DEFAULT_ALLOWED_ORIGINS[0]})`,
    });
    return z.NEVER;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== value.replace(/\/$/, "")) {
    ctx.addIssue({
      code: "custom",
      message: `${JSON.stringify(value)} is not an origin: scheme://host[:port], nothing after it`,
    });
    return z.NEVER;
  }
  return url.origin;
});

const serviceEnvSchema = z.object({
  RUNNER_HOST: z.preprocess(emptyAsUnset, z.string().min(1).default("127.0.0.1")),
  RUNNER_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORTS.runner)),
  /** When set, every mutating request (and the list of runs) needs `Authorization: Bearer <token>`. */
  RUNNER_TOKEN: z.preprocess(
    emptyAsUnset,
    z.string().min(16, "RUNNER_TOKEN must be at least 16 characters (e.g. `openssl rand -base64 24`)").optional(),
  ),
  /** Comma-separated origins; replaces the default web origins (the runner's own is always allowed). */
  RUNNER_ALLOWED_ORIGINS: z.preprocess(
    (value) =>
      typeof value === "string" && value.trim() !== ""
        ? value
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    z.array(origin).min(1).optional(),
  ),
  /** Portable JSON copies of results (and, without MySQL, the whole store). */
  RUNNER_RESULTS_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default(DEFAULT_RESULTS_DIR)),
  MYSQL_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^mysql$/, error: "MYSQL_URL must be a mysql:// URL" }).optional(),
  ),
  RUNNER_SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(100).max(120_000).default(10_000)),
});

/** What a benchmark run needs from the environment, in the CLI and in the service alike. */
export interface BenchConfig {
  /** Where the REST and gRPC services are (or will be started): loopback unless the operator opted in. */
  targets: ServiceTargets;
}

export interface RunnerConfig extends BenchConfig {
  host: string;
  port: number;
  token: string | null;
  /** Web origins allowed besides the runner's own. */
  allowedOrigins: string[];
  resultsDir: string;
  mysqlUrl: string | null;
  shutdownTimeoutMs: number;
}

function parseEnv<S extends z.ZodType>(schema: S, env: Env, what: string): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid ${what} environment:\n${problems}`);
  }
  return parsed.data;
}

/** `pnpm bench`'s config. Lists every problem at once. */
export function loadBenchConfig(env: Env): BenchConfig {
  return { targets: targetsFromEnv(parseEnv(targetsEnvSchema, env, "benchmark")) };
}

/** The runner service's config: its own listener and store, and the benchmark config. Lists every problem at once. */
export function loadRunnerConfig(env: Env): RunnerConfig {
  const e = parseEnv(withTargetChecks(serviceEnvSchema.extend(targetsEnvShape)), env, "runner");
  return {
    host: e.RUNNER_HOST,
    port: e.RUNNER_PORT,
    token: e.RUNNER_TOKEN ?? null,
    allowedOrigins: e.RUNNER_ALLOWED_ORIGINS ?? [...DEFAULT_ALLOWED_ORIGINS],
    resultsDir: path.resolve(e.RUNNER_RESULTS_DIR),
    mysqlUrl: e.MYSQL_URL ?? null,
    shutdownTimeoutMs: e.RUNNER_SHUTDOWN_TIMEOUT_MS,
    targets: targetsFromEnv(e),
  };
}
