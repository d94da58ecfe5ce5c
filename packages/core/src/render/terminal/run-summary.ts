import { firstDifference } from "../../catalog/same-data";
import { findPreset, specFromPreset } from "../../presets/presets";
import { placementName, placementProfile } from "../../network/placements";
import type { RunResult } from "../../result/result-schema";
import { formatDuration } from "../format";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** How each side uses its connections: REST's policy beside gRPC's, which always reuses its channel. */
export function describeConnections(spec: RunResult["spec"]): string {
  const rest =
    spec.restConnection === "per-request"
      ? "REST: a new TCP connection per call (connect inside its latency)"
      : "REST: keep-alive TCP connections";
  return `${rest}; gRPC: one channel reused over ${plural(spec.grpcConnections, "HTTP/2 connection")}`;
}

/** "network: loopback, cross-region (147 ms RTT)"; nothing for loopback alone, as before placements existed. */
export function describeNetwork(spec: RunResult["spec"]): string | null {
  if (spec.network.every((p) => placementName(p) === "loopback")) return null;
  const each = spec.network.map((placement) => {
    const name = placementName(placement);
    if (name === "loopback") return name;
    const { rttMs, jitterMs, bandwidthMbps } = placementProfile(placement);
    const figures = [
      `${rttMs} ms RTT`,
      ...(jitterMs > 0 ? [`jitter ${jitterMs} ms`] : []),
      ...(bandwidthMbps !== null ? [`${bandwidthMbps} Mbit/s`] : []),
    ];
    return `${name} (${figures.join(", ")})`;
  });
  return `network: ${each.join(", ")}`;
}

/** "stacks: express, node, h2c, grpc-js"; nothing for express and grpc-js alone, as before stacks existed. */
export function describeStacks(spec: RunResult["spec"]): string | null {
  const stacks = spec.stacks ?? [];
  return stacks.length > 2 ? `stacks: ${stacks.join(", ")}` : null;
}

/** The settings that decide what the numbers mean, in one line. */
export function describeLoad(result: RunResult): string {
  const { spec } = result;
  const window =
    spec.requests === undefined ? `${formatDuration(spec.durationMs)} window` : `${spec.requests} requests per window`;
  return [
    `${spec.connections} in flight per protocol`,
    describeConnections(spec),
    spec.rate === undefined ? "closed loop (service time)" : `open loop at ${spec.rate} req/s`,
    `${formatDuration(spec.warmupMs)} warm-up + ${window}`,
    plural(spec.trials, "trial"),
    ...(describeNetwork(spec) === null ? [] : [describeNetwork(spec)!]),
    ...(describeStacks(spec) === null ? [] : [describeStacks(spec)!]),
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
    toolVersionsText(env.versions),
  ].join(" · ");
}

/** The spec's settings that differ from its preset's own, by name; empty for none or an unknown preset. */
function changedPresetSettings(result: RunResult): string[] {
  const name = result.spec.preset;
  if (name === undefined || !findPreset(name)) return [];
  const shipped = specFromPreset(name) as Record<string, unknown>;
  const ran = result.spec as Record<string, unknown>;
  return [...new Set([...Object.keys(shipped), ...Object.keys(ran)])].filter(
    (key) => firstDifference(shipped[key], ran[key]) !== null,
  );
}

/** "quick", or "quick, modified by flags" when the spec is not the preset's own. */
export function presetName(result: RunResult): string {
  const name = result.spec.preset;
  if (name === undefined) return "(none)";
  return changedPresetSettings(result).length === 0 ? name : `${name}, modified by flags`;
}

/**
 * A preset's notes describe the preset as shipped (its clients, windows, cache modes...): for a
 * run whose flags changed it, the sentence that says which of its settings differ, so a note about
 * one of them is not read as this run's; null for the preset's own spec or none.
 */
export function presetChangedNote(result: RunResult): string | null {
  const changed = changedPresetSettings(result);
  if (changed.length === 0) return null;
  const list = changed.length === 1 ? changed[0] : `${changed.slice(0, -1).join(", ")} and ${changed.at(-1)}`;
  return `These notes describe the ${result.spec.preset} preset as shipped; this run changed its ${list}, so a note about ${changed.length === 1 ? "that setting" : "those settings"} may not hold for it.`;
}

export function describeRun(result: RunResult): string {
  return `Relix run ${result.id} · preset ${presetName(result)} · ${result.createdAt}${result.importedAt ? ` · imported ${result.importedAt}` : ""}`;
}

/** The programs that are not load tools or emulators: the stores, printed with the backends. */
const STORE_PROGRAMS = new Set(["redis", "mysql"]);

/**
 * Every tool's version the result records, by name: autocannon and ghz always (every result has
 * them, "?" when unread), then any other the run drove (h2load, the emulator...), as it recorded them.
 */
export function toolVersionsText(versions: Readonly<Record<string, string | null>>): string {
  const others = Object.entries(versions).filter(
    ([name, version]) => !STORE_PROGRAMS.has(name) && name !== "autocannon" && name !== "ghz" && version !== null,
  );
  return [
    `autocannon ${versions.autocannon ?? "?"}`,
    `ghz ${versions.ghz ?? "?"}`,
    ...others.map(([name, version]) => `${name} ${version}`),
  ].join(", ");
}
