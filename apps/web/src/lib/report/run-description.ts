import { isDeepEqual } from "./deep-equal";
import type { CellResult, Protocol, RunResult } from "@relix/shared/result/result-schema";
import { findPreset, specFromPreset } from "@relix/shared/presets/presets";
import { formatDuration } from "@relix/runner/src/output/format";

// The one-line descriptions and the warnings every Relix output prints, worded as the CLI words
// them (apps/runner/src/output/run-summary.ts and warnings.ts). Those modules import values from
// @relix/shared's root, which carries the server clients, so the web app keeps this copy.

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const PROTOCOL: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

/** The settings that decide what the numbers mean, in one line. */
export function describeLoad(result: RunResult): string {
  const { spec } = result;
  const window = spec.requests === undefined ? `${formatDuration(spec.durationMs)} window` : `${spec.requests} requests per window`;
  return [
    `${spec.connections} in flight per protocol (gRPC over ${plural(spec.grpcConnections, "HTTP/2 connection")})`,
    spec.rate === undefined ? "closed loop (service time)" : `open loop at ${spec.rate} req/s`,
    `${formatDuration(spec.warmupMs)} warm-up + ${window}`,
    plural(spec.trials, "trial"),
  ].join(" · ");
}

/** Where the numbers were measured: they only compare with numbers from the same line. */
export function describeEnvironment(result: RunResult): string {
  const { environment: env } = result;
  const backends =
    env.backends.origin === "embedded"
      ? "EMBEDDED cache and store"
      : `Redis ${env.versions.redis ?? "?"} + MySQL ${env.versions.mysql ?? "?"} (${env.backends.origin})`;
  return [
    `${env.cpuModel} (${plural(env.cores, "core")})`,
    env.platform,
    `Node ${env.node}`,
    backends,
    `autocannon ${env.versions.autocannon ?? "?"}, ghz ${env.versions.ghz ?? "?"}`,
  ].join(" · ");
}

/** "quick", or "quick, modified" when the spec is not the preset's own. */
export function presetName(result: RunResult): string {
  const name = result.spec.preset;
  if (name === undefined) return "(none)";
  if (!findPreset(name)) return name;
  try {
    return isDeepEqual(specFromPreset(name), result.spec) ? name : `${name}, modified`;
  } catch {
    return name;
  }
}

export function describeRun(result: RunResult): string {
  return `Relix run ${result.id} · preset ${presetName(result)} · ${result.createdAt}${result.importedAt ? ` · imported ${result.importedAt}` : ""}`;
}

function cellName(cell: Pick<CellResult, "workload" | "cacheMode">): string {
  return cell.cacheMode === "none" ? cell.workload : `${cell.workload} (${cell.cacheMode})`;
}

/** What a reader must know before trusting the numbers, most serious first; identical lines once. */
export function resultWarnings(result: RunResult): string[] {
  const warnings: string[] = [];
  const { backends } = result.environment;
  if (backends.origin === "embedded" || backends.cache === "embedded" || backends.store === "embedded") {
    warnings.push(
      `EMBEDDED BACKENDS (cache: ${backends.cache}, store: ${backends.store}): no real Redis/MySQL was used, so these numbers do not measure the real experiment.`,
    );
  }
  warnings.push(...result.warnings);
  for (const cell of result.cells) {
    for (const protocol of ["rest", "grpc"] as const) {
      const side = cell[protocol];
      if (side.generator.saturated) {
        const cpu = side.generator.cpuFraction === null ? "" : ` at ${Math.round(side.generator.cpuFraction * 100)}% CPU`;
        warnings.push(
          `LOAD GENERATOR SATURATED: ${side.generator.tool}${cpu} for ${PROTOCOL[protocol]} ${cellName(cell)}: its numbers may measure the generator, not the server.`,
        );
      }
      if (side.errors.total > 0) {
        const codes = Object.entries(side.errors.byCode)
          .map(([code, count]) => `${code} x${count}`)
          .join(", ");
        warnings.push(`ERRORS: ${side.errors.total} failed calls for ${PROTOCOL[protocol]} ${cellName(cell)}${codes ? ` (${codes})` : ""}; left out of latency.`);
      }
    }
  }
  return [...new Set(warnings)];
}
