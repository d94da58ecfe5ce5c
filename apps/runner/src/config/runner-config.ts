import path from "node:path";
import { z } from "zod";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";
import { hostNameOf } from "@relix/core/network/served-hosts";
import {
  targetsEnvSchema,
  targetsEnvShape,
  targetsFromEnv,
  withTargetChecks,
  type ServiceTargets,
} from "../engine/launch/targets";
import { DEFAULT_RESULTS_DIR } from "../store/result-files";
import type { RetentionLimits } from "../store/result-retention";

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

/** Where the runner keeps its record of what it started (relative to its working directory). */
export const DEFAULT_STATE_DIR = ".relix/state";

/** The state folder as the runner service, `pnpm bench` and the engine all resolve it, so each sweeps what the others left. */
export function stateDirFrom(env: Readonly<Record<string, string | undefined>>): string {
  return path.resolve(env.RUNNER_STATE_DIR || DEFAULT_STATE_DIR);
}

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

const BYTES_PER_UNIT: Record<string, number> = {
  b: 1,
  kb: 1e3,
  kib: 1024,
  mb: 1e6,
  mib: 1024 ** 2,
  gb: 1e9,
  gib: 1024 ** 3,
  tb: 1e12,
  tib: 1024 ** 4,
};

/** "2GiB", "500MB", "1500000000" (a bare number is bytes). */
const byteSize = z
  .string()
  .transform((value, ctx) => {
    const match = /^(\d+(?:\.\d+)?)\s*([kmgt]i?b|b)?$/i.exec(value.trim());
    if (!match) {
      ctx.addIssue({ code: "custom", message: `${JSON.stringify(value)} is not a size (like 2GiB, 500MB or bytes)` });
      return z.NEVER;
    }
    return Math.round(Number(match[1]) * BYTES_PER_UNIT[(match[2] ?? "b").toLowerCase()]!);
  })
  .pipe(z.number().min(1024 ** 2, "must be at least 1MiB: one result can take several"));

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

/** A comma-separated list, each entry trimmed; unset or blank = undefined. */
const commaList = (value: unknown) =>
  typeof value === "string" && value.trim() !== ""
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

const hostName = z.string().refine((value) => hostNameOf(value) !== null, {
  error: (issue) => `${JSON.stringify(issue.input)} is not a host name (like relix.example or 10.0.0.5)`,
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
  RUNNER_ALLOWED_ORIGINS: z.preprocess(commaList, z.array(origin).min(1).optional()),
  /**
   * Comma-separated host names the runner answers to besides loopback and RUNNER_HOST: the name
   * the web app reaches it by (RUNNER_URL) when that is not one of those, e.g. a compose service.
   */
  RUNNER_ALLOWED_HOSTS: z.preprocess(commaList, z.array(hostName).optional()),
  /** Portable JSON copies of results (and, without MySQL, the whole store). */
  RUNNER_RESULTS_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default(DEFAULT_RESULTS_DIR)),
  /**
   * What this runner started and must not outlive (a small file per runner), so the next start can
   * stop what a killed runner left. Runners may share it: each sweeps only records whose runner has ended.
   */
  RUNNER_STATE_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default(DEFAULT_STATE_DIR)),
  MYSQL_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^mysql$/, error: "MYSQL_URL must be a mysql:// URL" }).optional(),
  ),
  RUNNER_SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(100).max(120_000).default(10_000)),
  /** Results kept at most: past it the oldest imports go first, then the oldest runs. Unset = all. */
  RUNNER_RESULTS_MAX_COUNT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).optional()),
  /** Bytes of results kept at most, removed in the same order. Unset = no limit. */
  RUNNER_RESULTS_MAX_BYTES: z.preprocess(emptyAsUnset, byteSize.optional()),
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
  /** Host names answered besides loopback and `host` (DNS rebinding: see served-hosts.ts). */
  allowedHosts: string[];
  resultsDir: string;
  /** The runner's record of what it started, and its predecessors' (see RUNNER_STATE_DIR). */
  stateDir: string;
  mysqlUrl: string | null;
  shutdownTimeoutMs: number;
  /** How many results the store keeps (RUNNER_RESULTS_MAX_COUNT / RUNNER_RESULTS_MAX_BYTES). */
  retention: RetentionLimits;
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
    allowedHosts: e.RUNNER_ALLOWED_HOSTS ?? [],
    resultsDir: path.resolve(e.RUNNER_RESULTS_DIR),
    stateDir: path.resolve(e.RUNNER_STATE_DIR),
    mysqlUrl: e.MYSQL_URL ?? null,
    shutdownTimeoutMs: e.RUNNER_SHUTDOWN_TIMEOUT_MS,
    retention: { maxCount: e.RUNNER_RESULTS_MAX_COUNT ?? null, maxBytes: e.RUNNER_RESULTS_MAX_BYTES ?? null },
    targets: targetsFromEnv(e),
  };
}
