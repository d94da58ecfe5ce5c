import path from "node:path";
import { z } from "zod";
import { DEFAULT_RESULTS_DIR } from "../store/result-files";

/**
 * The one place that reads the runner service's environment. Everything else receives this typed
 * config. Defaults are safe: loopback only, no MySQL means the file-only store (said loudly at
 * start-up), the web app's usual origins allowed to POST.
 */

/** Web origins allowed by default to call the runner (the web app in dev and in `pnpm start`). */
export const DEFAULT_ALLOWED_ORIGINS = ["http://127.0.0.1:3000", "http://localhost:3000"] as const;

const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

const origin = z.string().transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: "custom", message: `${JSON.stringify(value)} is not an origin (like http://127.0.0.1:3000)` });
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

export const runnerEnvSchema = z.object({
  RUNNER_HOST: z.preprocess(emptyAsUnset, z.string().min(1).default("127.0.0.1")),
  RUNNER_PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).default(4000)),
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

export interface RunnerConfig {
  host: string;
  port: number;
  token: string | null;
  /** Web origins allowed besides the runner's own. */
  allowedOrigins: string[];
  resultsDir: string;
  mysqlUrl: string | null;
  shutdownTimeoutMs: number;
}

/** Parses the environment, listing every problem at once. */
export function loadRunnerConfig(env: NodeJS.ProcessEnv = process.env): RunnerConfig {
  const parsed = runnerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid runner environment:\n${problems}`);
  }
  const e = parsed.data;
  return {
    host: e.RUNNER_HOST,
    port: e.RUNNER_PORT,
    token: e.RUNNER_TOKEN ?? null,
    allowedOrigins: e.RUNNER_ALLOWED_ORIGINS ?? [...DEFAULT_ALLOWED_ORIGINS],
    resultsDir: path.resolve(e.RUNNER_RESULTS_DIR),
    mysqlUrl: e.MYSQL_URL ?? null,
    shutdownTimeoutMs: e.RUNNER_SHUTDOWN_TIMEOUT_MS,
  };
}

/** Loopback addresses: a runner bound elsewhere without a token is reachable by anyone who can route to it. */
export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}
