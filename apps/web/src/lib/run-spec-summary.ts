import { formatDuration } from "@/lib/format";

/** A run's spec in one line (workloads, cache modes, placements, load), read from the runner's unchecked JSON. */
export function specSummary(spec: Record<string, unknown> | null | undefined): string {
  if (!spec) return "";
  const workloads = Array.isArray(spec.workloads) ? spec.workloads.length : 0;
  const modes = Array.isArray(spec.cacheModes) ? (spec.cacheModes as string[]).join("/") : "";
  // A live run names its placements once there is more than loopback (the report says more).
  const network = Array.isArray(spec.network)
    ? (spec.network as unknown[]).map((p) =>
        typeof p === "string" ? p : typeof p === "object" && p !== null && "name" in p ? String(p.name) : "?",
      )
    : [];
  const parts = [
    `${workloads} workload${workloads === 1 ? "" : "s"}`,
    modes && `cache ${modes}`,
    network.some((p) => p !== "loopback") && `network ${network.join("/")}`,
    typeof spec.connections === "number" && `${spec.connections} in flight`,
    typeof spec.durationMs === "number" && `${formatDuration(spec.durationMs)} window`,
    typeof spec.warmupMs === "number" && `${formatDuration(spec.warmupMs)} warm-up`,
    typeof spec.trials === "number" && `${spec.trials} trial${spec.trials === 1 ? "" : "s"}`,
    typeof spec.rate === "number" ? `open loop ${spec.rate} req/s` : "closed loop",
  ];
  return parts.filter(Boolean).join(" · ");
}
