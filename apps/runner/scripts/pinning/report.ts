/**
 * What bench:pinning prints: each figure's spread per mode, whether each p50 ratio moved between
 * the modes, and the verdict.
 */
import { median, type RunResult } from "@relix/core";
import { mulberry32 } from "@relix/core/stats/seeded-random";
import type { Figures, Mode } from "./figures";

/** What the report says about the session besides the figures. */
export interface PinningSession {
  rounds: number;
  durationMs: number;
  connections: number;
  workloads: readonly string[];
  layout: NonNullable<RunResult["environment"]["cpuLayout"]>;
}

/** Percentile bootstrap of the median, seeded so a rerun on the same figures prints the same interval. */
function medianInterval(values: readonly number[]): { low: number; high: number } {
  const random = mulberry32(0x5eed);
  const medians: number[] = [];
  for (let i = 0; i < 2_000; i++) {
    medians.push(median(values.map(() => values[Math.floor(random() * values.length)]!)));
  }
  medians.sort((a, b) => a - b);
  return { low: medians[Math.floor(0.025 * medians.length)]!, high: medians[Math.ceil(0.975 * medians.length) - 1]! };
}

function spread(values: readonly number[]) {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), cv: sd / mean };
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(3));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

export function printPinningReport(session: PinningSession, runs: Record<Mode, Figures[]>): void {
  const { layout, workloads } = session;
  console.log(
    `pinning: ${session.rounds} rounds per mode, ${workloads.join(" + ")} warm, ${session.durationMs / 1000} s windows, ` +
      `${session.connections} in flight; pinned layout: generator cores ${layout.generator.join(",")}, services cores ${layout.services.join(",")}`,
  );
  const names = [...runs.off[0]!.keys()];
  const narrower = printSpreads(names, runs);
  const moved = printRatioMoves(workloads, runs);
  const narrows = narrower > names.length / 2;
  console.log(
    `spread narrower with pinning on ${narrower} of ${names.length} figures (CV); ratios moved beyond their intervals: ${moved} of ${workloads.length}`,
  );
  console.log(
    `verdict: ${narrows && moved === 0 ? "pinning narrows the spread without moving the ratios: on by default is justified" : "pinning does not both narrow the spread and keep the ratios: keep it off by default"}`,
  );
}

/** One row per figure and mode; returns how many figures spread less with pinning on. */
function printSpreads(names: string[], runs: Record<Mode, Figures[]>): number {
  console.log("figure                    | mode | median   | min-max             | CV");
  let narrower = 0;
  for (const name of names) {
    const cv: Record<Mode, number> = { off: 0, on: 0 };
    for (const mode of ["off", "on"] as const) {
      const s = spread(runs[mode].map((f) => f.get(name)!));
      cv[mode] = s.cv;
      console.log(
        `${name.padEnd(25)} | ${mode.padEnd(4)} | ${fmt(s.median).padEnd(8)} | ${`${fmt(s.min)}-${fmt(s.max)}`.padEnd(19)} | ${pct(s.cv)}`,
      );
    }
    if (cv.on < cv.off) narrower++;
  }
  return narrower;
}

/** Each workload's p50 ratio in both modes with its interval; returns how many moved. */
function printRatioMoves(workloads: readonly string[], runs: Record<Mode, Figures[]>): number {
  let moved = 0;
  for (const workload of workloads) {
    const name = `${workload} p50 ratio`;
    const [off, on] = (["off", "on"] as const).map((mode) => {
      const values = runs[mode].map((f) => f.get(name)!);
      return { median: median(values), ...medianInterval(values) };
    });
    const apart = off!.high < on!.low || on!.high < off!.low;
    if (apart) moved++;
    console.log(
      `${name}: off ${fmt(off!.median)} [${fmt(off!.low)}, ${fmt(off!.high)}], on ${fmt(on!.median)} [${fmt(on!.low)}, ${fmt(on!.high)}]: ` +
        (apart ? "MOVED (intervals do not overlap)" : "not moved (intervals overlap)"),
    );
  }
  return moved;
}
