// --network, --rtt, --jitter, --bandwidth -> the spec's `network`. The custom placement takes its
// figures from --rtt (and optionally --jitter, --bandwidth): listing `custom` without --rtt, or
// giving --rtt while --network leaves custom out, is a mistake said in one line. --rtt without
// --network adds custom to the preset's placements, so `--rtt 30` alone compares against them.
import {
  customPlacementBounds as bounds,
  placementName,
  placementNames,
  type CustomPlacement,
  type Placement,
  type PlacementName,
} from "@relix/core/network/placements";
import type { RunSpec } from "@relix/core";
import { parseList } from "./values";
import { UsageError } from "./usage-error";

export interface NetworkFlags {
  network?: string;
  rtt?: string;
  jitter?: string;
  bandwidth?: string;
}

const show = (n: number) => String(n);

/** A decimal number within the custom placement's bounds, in the flag's unit. */
function parseFigure(flag: string, raw: string, bound: { min: number; max: number }, unit: string): number {
  const text = raw.trim();
  const value = /^(\d+(?:\.\d+)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value < bound.min || value > bound.max) {
    throw new UsageError(
      `--${flag} ${JSON.stringify(raw)}: must be a number of ${unit} from ${show(bound.min)} to ${show(bound.max)}`,
    );
  }
  return value;
}

function parseNames(raw: string): PlacementName[] {
  return parseList("network", raw).map((name) => {
    const known = placementNames.find((p) => p === name);
    if (!known) {
      throw new UsageError(
        `--network ${JSON.stringify(raw)}: unknown placement "${name}" (use ${placementNames.join(", ")})`,
      );
    }
    return known;
  });
}

function customFrom(flags: NetworkFlags): CustomPlacement {
  const rttMs = parseFigure("rtt", flags.rtt!, bounds.rttMs, "ms");
  const jitterMs = flags.jitter === undefined ? 0 : parseFigure("jitter", flags.jitter, bounds.jitterMs, "ms");
  if (jitterMs > rttMs) {
    throw new UsageError(
      `--jitter ${JSON.stringify(flags.jitter)}: may not exceed --rtt ${rttMs} (a round trip cannot take less than no time)`,
    );
  }
  const bandwidthMbps =
    flags.bandwidth === undefined ? null : parseFigure("bandwidth", flags.bandwidth, bounds.bandwidthMbps, "Mbit/s");
  return { name: "custom", rttMs, jitterMs, bandwidthMbps };
}

/** The spec's `network` from the flags; undefined when none was given (the preset's placements stand). */
export function networkFrom(flags: NetworkFlags, presetNetwork: RunSpec["network"]): Placement[] | undefined {
  for (const name of ["jitter", "bandwidth"] as const) {
    if (flags[name] !== undefined && flags.rtt === undefined) {
      throw new UsageError(`--${name} ${JSON.stringify(flags[name])}: describes the custom placement; give --rtt too`);
    }
  }
  if (flags.network === undefined) {
    if (flags.rtt === undefined) return undefined;
    const kept = presetNetwork.filter((p) => placementName(p) !== "custom");
    return [...kept, customFrom(flags)];
  }
  const names = parseNames(flags.network);
  const listsCustom = names.includes("custom");
  if (listsCustom && flags.rtt === undefined) {
    throw new UsageError(
      `--network ${JSON.stringify(flags.network)}: custom needs its RTT, e.g. --rtt 30 (optionally --jitter MS, --bandwidth MBIT)`,
    );
  }
  if (!listsCustom && flags.rtt !== undefined) {
    throw new UsageError(
      `--rtt ${JSON.stringify(flags.rtt)}: sets the custom placement, which --network ${JSON.stringify(flags.network)} does not list; add custom to it`,
    );
  }
  return names.map((name) => (name === "custom" ? customFrom(flags) : name));
}
