/**
 * What Relix does not use but its tests look at: each tool's own end-of-run behaviour (the
 * pitfall tests demonstrate why Relix changes it), the tools' own summaries (cross-checks), and
 * recording fixtures. Production code drives the tools through runAutocannon / runGhz only.
 */
import { locateTool, toolPath } from "@relix/io/backends";
import type { AutocannonCapture } from "../autocannon/autocannon-capture";
import type { AutocannonOptions } from "../autocannon/autocannon-options";
import {
  driveAutocannon,
  type AutocannonOwnSummary,
  type AutocannonRunResult,
  type EndOfRun,
} from "../autocannon/run-autocannon";
import type { DurationStop, GhzOptions } from "../ghz/ghz-args";
import { GHZ_EXECUTABLE } from "../ghz/ghz-binary";
import { driveGhz, type GhzRunResult } from "../ghz/run-ghz";

export interface AutocannonObserved extends AutocannonRunResult {
  /** autocannon's own counters and integer-ms percentiles. */
  autocannon: AutocannonOwnSummary;
  capture: AutocannonCapture;
}

/** runAutocannon, plus autocannon's own summary; `endOfRun: "drop"` is autocannon's own behaviour. */
export async function runAutocannonObserved(
  opts: AutocannonOptions,
  endOfRun: EndOfRun = "wait",
): Promise<AutocannonObserved> {
  const { result, ownSummary, capture } = await driveAutocannon(opts, { endOfRun });
  return { ...result, autocannon: ownSummary, capture };
}

/** JSON text of a capture (typed arrays become plain arrays), e.g. to store a fixture. */
export function serialiseAutocannonCapture(c: AutocannonCapture): string {
  return JSON.stringify({
    ...c,
    endMs: Array.from(c.endMs),
    latencyMs: Array.from(c.latencyMs),
    code: Array.from(c.code),
  });
}

export interface GhzObserved extends GhzRunResult {
  /** ghz's own rps: count / total wall time. */
  ghzRps?: number;
}

/** runGhz, plus ghz's own rps; `durationStop` other than "wait" is ghz's own behaviour. */
export async function runGhzObserved(
  opts: GhzOptions,
  how: { durationStop?: DurationStop; saveReportTo?: string } = {},
): Promise<GhzObserved> {
  const { result, ghzRps } = await driveGhz(opts, {
    durationStop: how.durationStop ?? "wait",
    ...(how.saveReportTo ? { keepReportAt: how.saveReportTo } : {}),
  });
  return { ...result, ...(ghzRps === undefined ? {} : { ghzRps }) };
}

let ghzBin: Promise<string> | undefined;

/** The ghz the tests run, found the way the runner finds it, from the test process's environment. */
export function ghzBinForTests(): Promise<string> {
  ghzBin ??= locateTool(GHZ_EXECUTABLE, process.env).then(toolPath);
  return ghzBin;
}
