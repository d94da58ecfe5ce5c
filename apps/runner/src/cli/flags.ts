// Every flag of `pnpm bench`, once: args.ts parses with this list and help.ts documents it, so a
// flag cannot exist without its help line (help.test.ts checks both ways).
import {
  DEFAULT_PRESET,
  PIN_CORES_BY_DEFAULT,
  restConnectionPolicies,
  specBounds as b,
  specFromPreset,
} from "@relix/core";
import { customPlacementBounds as nb, placementName, placementNames } from "@relix/core/network/placements";
import { formatDuration } from "@relix/core/render/format";
import { DEFAULT_STACKS, stackIds } from "@relix/core/stacks/stacks";
import { formatSize } from "./values";
import { listSweepDimensions, MAX_GRID_POINTS, numericSweepDimensions } from "@relix/core/sweep/sweep-spec";

export interface FlagDefinition {
  name: string;
  short?: string;
  type: "string" | "boolean";
  multiple?: boolean;
  /** Placeholder shown in help: N, LIST, DURATION... */
  value?: string;
  help: string;
  /** What applies when the flag is absent. */
  default?: string;
  /** The default is the preset's value (shown for the default preset). */
  presetDefault?: boolean;
  /** A valid value, for "needs a value" errors. */
  example?: string;
}

const base = specFromPreset(DEFAULT_PRESET);
const fromPreset = (value: string) => ({ default: value, presetDefault: true });
const range = (bound: { min: number; max: number }, show: (n: number) => string = String) =>
  `${show(bound.min)}-${show(bound.max)}`;

export const flags: readonly FlagDefinition[] = [
  {
    name: "preset",
    type: "string",
    value: "NAME",
    example: "study-000",
    help: "start from a preset (see PRESETS); other flags override its values",
    default: DEFAULT_PRESET,
  },
  {
    name: "workloads",
    type: "string",
    value: "LIST",
    example: "item.get,noop",
    help: `comma-separated workload ids (see WORKLOADS); * matches within an id, e.g. 'shape.*.get'; ${range(b.workloads)} workloads`,
    ...fromPreset(base.workloads.join(",")),
  },
  {
    name: "cache",
    type: "string",
    value: "LIST",
    example: "warm,cold",
    help: "cache modes for workloads that read through the cache: warm (Redis hit), cold (MySQL, no cache), miss (MySQL, then fill Redis), memory (process-local cache, no Redis)",
    ...fromPreset(base.cacheModes.join(",")),
  },
  {
    name: "connections",
    type: "string",
    value: "N",
    example: "32",
    help: `requests in flight per protocol: autocannon connections = ghz concurrency; ${range(b.connections)}`,
    ...fromPreset(String(base.connections)),
  },
  {
    name: "grpc-connections",
    type: "string",
    value: "N",
    example: "8",
    help: `HTTP/2 connections ghz spreads them over (1 = shared, ghz's default; = --connections matches REST's TCP count); ${range(b.grpcConnections)}`,
    ...fromPreset(String(base.grpcConnections)),
  },
  {
    name: "rest-connection",
    type: "string",
    value: "POLICY",
    example: "per-request",
    help: `REST's TCP connections: ${restConnectionPolicies.join(" or ")} (a new connection per call, its connect inside the latency); gRPC always reuses its channel`,
    ...fromPreset(base.restConnection),
  },
  {
    name: "pin-cores",
    type: "string",
    value: "on|off",
    example: "on",
    help: "keep the load generator and the services (APIs, Redis, MariaDB) on disjoint cores (Linux, 2+ cores, taskset; only services this run starts)",
    default: PIN_CORES_BY_DEFAULT ? "on" : "off",
  },
  {
    name: "network",
    type: "string",
    value: "LIST",
    example: "loopback,cross-region",
    help: `placements to measure every cell under (see PLACEMENTS): ${placementNames.join(", ")}; custom takes --rtt`,
    ...fromPreset(base.network.map(placementName).join(",")),
  },
  {
    name: "rtt",
    type: "string",
    value: "MS",
    example: "30",
    help: `the custom placement's round-trip time, ms; without --network it adds custom to the preset's placements; ${range(nb.rttMs)}`,
  },
  {
    name: "jitter",
    type: "string",
    value: "MS",
    example: "5",
    help: `custom placement: how far a round trip may stray from --rtt, ms (at most --rtt); ${range(nb.jitterMs)}`,
    default: "0",
  },
  {
    name: "bandwidth",
    type: "string",
    value: "MBIT",
    example: "10",
    help: `custom placement: a cap in each direction, Mbit/s; ${range(nb.bandwidthMbps)}`,
    default: "no cap",
  },
  {
    name: "stacks",
    type: "string",
    value: "LIST",
    example: "node,h2c",
    help: `stacks to measure every cell through (see STACKS): ${stackIds.join(", ")}; ${DEFAULT_STACKS.join(" and ")} are always added, as every other stack is compared with both`,
    default: DEFAULT_STACKS.join(","),
  },
  {
    name: "duration",
    type: "string",
    value: "DURATION",
    example: "10s",
    help: `measured window per cell and protocol: 500ms, 10s, 2m or a number of seconds; ${range(b.durationMs, formatDuration)}`,
    ...fromPreset(formatDuration(base.durationMs)),
  },
  {
    name: "requests",
    type: "string",
    value: "N",
    example: "10000",
    help: `end each window after N requests instead of a duration (not with --duration); in a closed loop each side stops at its share of the run's time limit if that comes first; ${range(b.requests)}`,
    default: "by duration",
  },
  {
    name: "warmup",
    type: "string",
    value: "DURATION",
    example: "2s",
    help: `warm-up before each window, discarded on both sides; ${range(b.warmupMs, formatDuration)}`,
    ...fromPreset(formatDuration(base.warmupMs)),
  },
  {
    name: "rate",
    type: "string",
    value: "N",
    example: "1000",
    help: `open loop: N requests/s per protocol, sent on a schedule; latency is shown raw and corrected (from each request's due time); ${range(b.rate)}`,
    default: "closed loop (as fast as the in-flight requests allow)",
  },
  {
    name: "trials",
    type: "string",
    value: "N",
    example: "3",
    help: `repeats of every cell, protocols alternating first; ${range(b.trials)}`,
    ...fromPreset(String(base.trials)),
  },
  {
    name: "payload-size",
    type: "string",
    value: "SIZE",
    example: "1MiB",
    help: `bytes the upload workload sends: B, KB, KiB, MB, MiB (e.g. 1MiB); ${range(b.payloadBytes, formatSize)}`,
    ...fromPreset(formatSize(base.payloadBytes)),
  },
  {
    name: "records",
    type: "string",
    value: "N",
    example: "1000",
    help: `records in one item.list reply and one item.stream; ${range(b.records)}`,
    ...fromPreset(String(base.records)),
  },
  {
    name: "echo-size",
    type: "string",
    value: "SIZE",
    example: "4KiB",
    help: `bytes of the message the echo workload sends and gets back (default: study 001's ~0.5 KB message); ${range(b.echoBytes, formatSize)}`,
  },
  {
    name: "server-delay",
    type: "string",
    value: "DURATION",
    example: "10ms",
    help: `server sleep (study 001): echo per call, stream per message, upload per MiB; a bare number is ms; ${range(b.serverDelayMs, formatDuration)}`,
    ...fromPreset(formatDuration(base.serverDelayMs)),
  },
  {
    name: "stream-messages",
    type: "string",
    value: "N",
    example: "100",
    help: `messages the stream workload asks for; ${range(b.streamMessages)}`,
    ...fromPreset(String(base.streamMessages)),
  },
  {
    name: "keys",
    type: "string",
    value: "N",
    example: "100",
    help: `distinct ids the by-id workloads cycle through, same order on both protocols; ${range(b.keyCount)}`,
    ...fromPreset(String(base.keyCount)),
  },
  {
    name: "dot-length",
    type: "string",
    value: "N",
    example: "100",
    help: `floats per vector in math.dot; ${range(b.dotLength)}`,
    ...fromPreset(String(base.dotLength)),
  },
  {
    name: "sweep",
    type: "string",
    multiple: true,
    value: "DIM=LIST",
    example: "records=1,10,100,1000",
    help: `map a dimension instead of one point, and find where the verdict changes (see SWEEPS); repeat for a second axis; ${numericSweepDimensions.join(", ")} take increasing numbers, ${listSweepDimensions.join(", ")} names; at most ${MAX_GRID_POINTS} grid points; none drops a preset's sweep`,
  },
  {
    name: "json",
    type: "string",
    value: "FILE",
    example: "result.json",
    help: "write the result (relix.result/v1 JSON) here",
    default: "relix-results/<time>-<preset>.json",
  },
  { name: "no-json", type: "boolean", help: "do not write the result JSON" },
  { name: "md", type: "string", value: "FILE", example: "report.md", help: "also write a Markdown report" },
  {
    name: "csv",
    type: "string",
    value: "FILE",
    example: "result.csv",
    help: "also write a CSV: one row per cell x stack, every numeric field",
  },
  {
    name: "threshold",
    type: "string",
    multiple: true,
    value: "EXPR",
    example: "'grpc.p99<5ms'",
    help: "fail (exit 1) unless EXPR holds, e.g. 'grpc.p99<5ms' (see THRESHOLDS); repeatable",
  },
  { name: "quiet", short: "q", type: "boolean", help: "no progress on stderr (the table still goes to stdout)" },
  {
    name: "no-color",
    type: "boolean",
    help: "no ANSI colours (also when NO_COLOR is set or output is not a terminal)",
  },
  { name: "help", short: "h", type: "boolean", help: "show this help" },
];
