// What `pnpm bench:fidelity` prints at the end: the table, what each number is, and the verdict.
import os from "node:os";
import type { ComparisonOptions } from "../lib/script-options";
import { TOLERANCE } from "./comparison";

export interface FidelityReport {
  options: ComparisonOptions;
  rows: string[][];
  /** Tools and servers measured with, e.g. "wrk 4.2.0, ghz 0.120.0, Redis 7.0.15, MySQL 10.11". */
  versions: string;
  machineLoad: string;
  problems: string[];
  pass: boolean;
  elapsedMs: number;
}

const HEADER = [
  "workload",
  "side",
  "metric",
  "Relix median (min-max)",
  "reference median (min-max)",
  "reference",
  "ratio*",
  `+-${TOLERANCE * 100}%`,
];

function table(rows: string[][]): string[] {
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Figures right-aligned, names left-aligned.
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 3 && i !== 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
  return [line(HEADER), ...rows.map(line)];
}

function legend(options: ComparisonOptions): string {
  return `
What each number is:
  Relix p50   median of the client-side latency of every successful response that completed in the measured
              window (autocannon 'response' events / ghz per-call details, HDR histogram, µs); the warm-up is dropped.
  Relix rps   successful responses completed in the window / window length.
  wrk p50     the 50% line of wrk's own "Latency Distribution" (its histogram of every response, µs, after wrk's correction,
              below), over the whole ${options.durationMs / 1000} s run (a separate ${options.warmupMs / 1000} s wrk run warms up first).
  wrk rps     wrk's "Requests/sec": every response (non-2xx too; none expected) / the run's time.
  ghz p50     the 50% entry of the ghz CLI's own latencyDistribution (OK calls) over its whole -z run, after a separate warm-up run.
  ghz rps     ghz's own rps: count / total time, which includes the dial at the start and the cancelled calls at the end.
  wrk's correction  wrk 4 does not print what it measured: it first adds, for every latency L >= 2 x i, synthetic values
              L - i, L - 2i, ... (i = run time / responses per connection; src/wrk.c stats_correct), a coordinated-omission
              correction. Its p50, mean and tail include them. The judged REST latency row applies that same correction
              to Relix's histogram; "Relix as reported" is Relix's raw p50 (service time) against wrk's corrected one.
  mean        not judged: Relix's mean of the window's successful responses; wrk's "Latency Avg" (corrected); ghz's
              "average" (all calls). In a closed loop the true mean is connections / rps.`;
}

export function printFidelityReport(report: FidelityReport): void {
  const { options } = report;
  console.log(
    `\nRelix vs the tools alone: ${options.connections} connections / in flight, ${options.warmupMs / 1000} s warm-up + ${options.durationMs / 1000} s window, ` +
      `${options.rounds} rounds (order alternating); ratio* = median over rounds of Relix / reference in back-to-back runs`,
  );
  console.log(`${os.cpus()[0]?.model.trim()} x${os.cpus().length}, Node ${process.version}, ${report.versions}\n`);
  for (const line of table(report.rows)) console.log(line);
  console.log(legend(options));
  console.log(`\n${report.machineLoad}`);
  if (report.problems.length > 0) console.log(`\nNotes:\n${report.problems.map((p) => `  - ${p}`).join("\n")}`);
  console.log(
    `\n${report.pass ? "PASS" : "FAIL"}: every ratio within +-${TOLERANCE * 100}%? ${report.pass ? "yes" : "no"} (${(report.elapsedMs / 1000).toFixed(0)} s)`,
  );
}
