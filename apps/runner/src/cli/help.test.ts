import {
  estimateMeasuringMs,
  latencyMetricKeys,
  plannedCells,
  presets,
  specFromPreset,
  workloadIds,
} from "@relix/core";
import { describe, expect, it } from "vitest";
import { namedPlacements } from "@relix/core/network/placements";
import { formatDuration } from "@relix/core/render/format";
import { stacks } from "@relix/core/stacks/stacks";
import { flags } from "./flags";
import { renderHelp } from "./help";

describe("renderHelp", () => {
  const help = renderHelp();

  it("documents every flag the parser accepts, and the flags the README relies on are all there", () => {
    for (const flag of flags) expect(help).toContain(`--${flag.name}`);
    const documentedFlags = [
      "preset",
      "workloads",
      "cache",
      "connections",
      "grpc-connections",
      "rest-connection",
      "duration",
      "requests",
      "warmup",
      "rate",
      "trials",
      "payload-size",
      "json",
      "md",
      "csv",
      "threshold",
      "help",
    ];
    expect(flags.map((f) => f.name)).toEqual(expect.arrayContaining(documentedFlags));
  });

  it("gives defaults and bounds", () => {
    expect(help).toMatch(
      /--connections N\s+requests in flight per protocol: autocannon connections = ghz\s+concurrency; 1-256 \(quick: 8\)/,
    );
    expect(help).toMatch(/--duration DURATION\s+measured window .*500ms-5m/s);
    expect(help).toMatch(/--payload-size SIZE[\s\S]*1B-8MiB/);
    expect(help).toContain("(default: quick)");
    expect(help).toMatch(
      /--rest-connection POLICY\s+REST's TCP connections: keep-alive or per-request[\s\S]*\(quick: keep-alive\)/,
    );
  });

  it("documents each placement with its figures, and the custom placement's flags with their ranges", () => {
    for (const [name, profile] of Object.entries(namedPlacements)) {
      expect(help.replace(/\s+/g, " ")).toContain(`${name} ${profile.description}`);
    }
    expect(help).toMatch(/--rtt MS\s+the custom placement's round-trip time, ms;[\s\S]*0-1000/);
    expect(help).toMatch(/--jitter MS[\s\S]*0-500/);
    expect(help).toMatch(/--bandwidth MBIT[\s\S]*0\.1-10000/);
    expect(help).toContain("pnpm bench --workloads item.get --network loopback,cross-region");
  });

  it("lists each stack with what it isolates, and says when express and grpc-js are added and how to pick the pair", () => {
    const flat = help.replace(/\s+/g, " ");
    for (const [id, stack] of Object.entries(stacks)) expect(flat).toContain(`${id} ${stack.isolates}`);
    expect(flat).toMatch(
      /--stacks LIST .*express and grpc-js are added to a list naming a Node stack or lacking a REST or a gRPC stack/,
    );
    expect(flat).toMatch(/--pair REST,GRPC .*the REST stack and the gRPC stack every cell's verdict compares/);
    expect(help).toContain("pnpm bench --workloads noop,item.get --stacks node,node-protobuf,h2c,grpc-js-static");
  });

  it("lists every preset with its one-line question and measuring time", () => {
    const flat = help.replace(/\s+/g, " ");
    for (const preset of presets) {
      const ms = estimateMeasuringMs(specFromPreset(preset.name));
      const time = ms === null ? "" : ` (~${formatDuration(ms)} of measuring)`;
      expect(flat).toContain(` ${preset.name} ${preset.description}${time}`);
    }
    // quick's time counts each cell's pair at 8 in flight and again at 1, in every launch.
    const quick = specFromPreset("quick");
    const quickMs = plannedCells(quick).length * 4 * quick.trials * (quick.warmupMs + quick.durationMs);
    expect(flat).toContain(`(~${formatDuration(quickMs)} of measuring)`);
  });

  it("explains thresholds, lists workloads and shows examples and exit codes", () => {
    expect(help).toContain("[WORKLOAD[@CACHE]:]SUBJECT.METRIC OP VALUE");
    expect(help).toContain("'grpc.p99<5ms'");
    expect(help).toContain(`rest.* / grpc.*   ${latencyMetricKeys.join(" ")}: latency`);
    for (const id of workloadIds) expect(help).toContain(id);
    expect(help).toContain("pnpm bench --preset study-000");
    expect(help).toContain("2 bad flag or value");
  });

  it("fits a 100-column terminal", () => {
    const long = help.split("\n").filter((line) => line.length > 100);
    expect(long).toEqual([]);
  });
});
