// The spec's `network`: --network lists placements; the custom one takes its figures from --rtt
// (and optionally --jitter, --bandwidth). Listing `custom` without --rtt, or giving --rtt while
// --network leaves custom out, is a mistake said in one line. --rtt without --network adds custom
// to the preset's placements, so `--rtt 30` alone compares against them.
import {
  customPlacementBounds as bounds,
  networkSchema,
  placementName,
  placementNames,
  type CustomPlacement,
  type Placement,
  type PlacementName,
} from "../network/placements";
import { FlagValueError, parseList, rangeText as range } from "./flag-values";
import { defineRunField, type FlagTexts } from "./run-field";

/** A decimal number within the custom placement's bounds, in the flag's unit. */
function parseFigure(flag: string, raw: string, bound: { min: number; max: number }, unit: string): number {
  const text = raw.trim();
  const value = /^(\d+(?:\.\d+)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value < bound.min || value > bound.max) {
    throw new FlagValueError(
      `--${flag} ${JSON.stringify(raw)}: must be a number of ${unit} from ${bound.min} to ${bound.max}`,
    );
  }
  return value;
}

function parseNames(raw: string): PlacementName[] {
  return parseList("network", raw).map((name) => {
    const known = placementNames.find((p) => p === name);
    if (!known) {
      throw new FlagValueError(
        `--network ${JSON.stringify(raw)}: unknown placement "${name}" (use ${placementNames.join(", ")})`,
      );
    }
    return known;
  });
}

function customFrom(rtt: string, jitter: string | undefined, bandwidth: string | undefined): CustomPlacement {
  const rttMs = parseFigure("rtt", rtt, bounds.rttMs, "ms");
  const jitterMs = jitter === undefined ? 0 : parseFigure("jitter", jitter, bounds.jitterMs, "ms");
  if (jitterMs > rttMs) {
    throw new FlagValueError(
      `--jitter ${JSON.stringify(jitter)}: may not exceed --rtt ${rttMs} (a round trip cannot take less than no time)`,
    );
  }
  const bandwidthMbps =
    bandwidth === undefined ? null : parseFigure("bandwidth", bandwidth, bounds.bandwidthMbps, "Mbit/s");
  return { name: "custom", rttMs, jitterMs, bandwidthMbps };
}

/** The spec's `network` from the flags; undefined when none was given (the preset's placements stand). */
function networkFrom(texts: FlagTexts, presetNetwork: readonly Placement[]): Placement[] | undefined {
  const [network, rtt, jitter, bandwidth] = ["network", "rtt", "jitter", "bandwidth"].map((f) => texts.one(f));
  for (const [name, raw] of [
    ["jitter", jitter],
    ["bandwidth", bandwidth],
  ] as const) {
    if (raw !== undefined && rtt === undefined) {
      throw new FlagValueError(`--${name} ${JSON.stringify(raw)}: describes the custom placement; give --rtt too`);
    }
  }
  if (network === undefined) {
    if (rtt === undefined) return undefined;
    const kept = presetNetwork.filter((p) => placementName(p) !== "custom");
    return [...kept, customFrom(rtt, jitter, bandwidth)];
  }
  const names = parseNames(network);
  const listsCustom = names.includes("custom");
  if (listsCustom && rtt === undefined) {
    throw new FlagValueError(
      `--network ${JSON.stringify(network)}: custom needs its RTT, e.g. --rtt 30 (optionally --jitter MS, --bandwidth MBIT)`,
    );
  }
  if (!listsCustom && rtt !== undefined) {
    throw new FlagValueError(
      `--rtt ${JSON.stringify(rtt)}: sets the custom placement, which --network ${JSON.stringify(network)} does not list; add custom to it`,
    );
  }
  return names.map((name) => (name === "custom" ? customFrom(rtt!, jitter, bandwidth) : name));
}

/**
 * Where the services sit as seen from the load generators (network/placements.ts): every cell is
 * measured under each placement. Absent in specs written before = loopback only.
 */
export const networkField = defineRunField({
  key: "network",
  schema: networkSchema.default(["loopback"]),
  sweepDimension: "network",
  cli: {
    flags: [
      {
        name: "network",
        value: "LIST",
        example: "loopback,cross-region",
        help: `placements to measure every cell under (see PLACEMENTS): ${placementNames.join(", ")}; custom takes --rtt`,
      },
      {
        name: "rtt",
        value: "MS",
        example: "30",
        help: `the custom placement's round-trip time, ms; without --network it adds custom to the preset's placements; ${range(bounds.rttMs)}`,
      },
      {
        name: "jitter",
        value: "MS",
        example: "5",
        help: `custom placement: how far a round trip may stray from --rtt, ms (at most --rtt); ${range(bounds.jitterMs)}`,
        default: "0",
      },
      {
        name: "bandwidth",
        value: "MBIT",
        example: "10",
        help: `custom placement: a cap in each direction, Mbit/s; ${range(bounds.bandwidthMbps)}`,
        default: "no cap",
      },
    ],
    read: (texts, { preset }) => networkFrom(texts, preset.network),
    show: (network) => network.map(placementName).join(","),
  },
  form: { input: "section" },
});
