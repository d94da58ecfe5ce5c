import { formatDuration, formatInt } from "../format";
import { PRIME_SETTLED_GAIN } from "../../stacks/jit-priming";
import { percentText } from "../verdicts/verdict-text";
import type { RunResult } from "../../result/result-schema";
import { metricOf, type RunToRunSource } from "../../stats/run-to-run-book";
import type { RunFact } from "../../findings/facts";
import { type Finding } from "../../findings/finding";
import { PROTOCOL_LABEL, plural } from "./finding-names";

/** Findings about the whole run: its backends, how the load was offered, the warm-up. */

type LoadLoopFact = Extract<RunFact, { kind: "load-loop" }>;

/**
 * A closed loop measures service time. An open loop is corrected for coordinated omission since
 * results record `corrected`; older ones say what neither tool corrected (difference #7 in
 * docs/measurement.md).
 */
function loadLoopText(fact: LoadLoopFact): string {
  const text = loadLoopSentence(fact);
  return fact.workload === undefined ? text : `${fact.workload}, a load of its own: ${text}`;
}

function loadLoopSentence(fact: LoadLoopFact): string {
  if (fact.loop === "closed") {
    return `closed loop: ${fact.inFlight} requests in flight, each sent when the previous one returned, so latency is service time (no schedule, hence no coordinated-omission correction)`;
  }
  if (fact.corrected) {
    return (
      `open loop at ${fact.rate} req/s: latency is shown raw (from each request's actual send) and corrected for coordinated omission (from its intended send time, so waiting behind ${fact.inFlight} busy in-flight slots counts). ` +
      `REST is sent on Relix's own schedule (request i due at start + i / rate, on the next free connection) and timed from its due time; ghz's pacer waits for a free worker, ` +
      `so gRPC's samples get HdrHistogram's expected-interval correction (interval = in-flight / rate), an estimate`
    );
  }
  return (
    `open loop at ${fact.rate} req/s: latency is timed from each request's actual send, not its scheduled time; neither tool corrects coordinated omission ` +
    `(ghz waits for a free worker, autocannon sends each connection's per-second budget in bursts), so queueing behind ${fact.inFlight} busy in-flight slots is not in these figures`
  );
}

export function runFactFinding(fact: RunFact): Finding {
  switch (fact.kind) {
    case "load-loop":
      return { kind: fact.kind, severity: "note", text: loadLoopText(fact) };
    case "services-warning":
      return { kind: fact.kind, severity: "warning", text: fact.message };
    case "cpu-pinning-unavailable":
      return {
        kind: fact.kind,
        severity: "warning",
        text: `cores not pinned: ${fact.reason}, so the load generator and the services shared the machine's cores`,
      };
    case "equal-clients-unavailable":
      return {
        kind: fact.kind,
        severity: "warning",
        text: `ONE VIEW ONLY for ${fact.workloads.join(", ")}: the run measures every cell with one client for both beside the tools (a sweep, or clients: both), but that client cannot drive ${fact.workloads.length === 1 ? "this workload" : "these workloads"} here (${fact.reason}), so ${fact.workloads.length === 1 ? "its verdict rests" : "their verdicts rest"} on the tools alone, each side measured by a different program`,
      };
    case "tcp-proxy-emulation":
      return {
        kind: fact.kind,
        severity: "note",
        text:
          `${fact.placements.join(", ")}: emulated by ${fact.emulator}, a TCP proxy, which delays data but not the TCP handshake and does not reproduce TCP's congestion window: ` +
          `a new connection per call comes out one RTT short of a real path, and a large transfer does not ramp up as it would on one`,
      };
    case "jit-primed":
      return jitPrimedFinding(fact);
    case "run-to-run":
      return runToRunFinding(fact);
    case "placement-refused":
      return {
        kind: fact.kind,
        severity: "warning",
        text: `placement ${fact.placement} refused, its cells not measured: ${fact.reason}`,
      };
  }
}

/**
 * Whether the intervals hold what a rerun adds: only this machine's own calibration of the spec
 * widens them. Results written before also applied the reference machine's spreads, and say so.
 */
function runToRunFinding(fact: Extract<RunFact, { kind: "run-to-run" }>): Finding {
  if (fact.applied.length === 0 && fact.launches !== undefined) {
    return {
      kind: "run-to-run-unmeasured",
      severity: "note",
      text:
        `the intervals hold what differs between this run's ${fact.launches} launches (each a fresh start of the servers), ` +
        "not what moves this machine from one hour to the next: it has not calibrated this spec, and a spread measured on another " +
        "machine is shown beside a verdict for comparison and never applied; pnpm bench:calibrate --repeat 20 with this run's flags measures it",
    };
  }
  if (fact.applied.length === 0) {
    return {
      kind: "run-to-run-unmeasured",
      severity: "note",
      text:
        "no interval of this run includes run-to-run noise: this machine has not calibrated this spec (or every comparison was a point estimate, " +
        "or the result predates that noise), and a spread measured on another machine describes that machine, so it is shown beside a verdict " +
        "for comparison and never applied. What moves a whole run from one to the next is not in these figures; " +
        "pnpm bench:calibrate --repeat 20 with this run's flags measures it on this machine, and later runs of the same spec include it",
    };
  }
  const bySource = (source: RunToRunSource) => fact.applied.filter((a) => (a.source ?? "this-machine") === source);
  const own = bySource("this-machine");
  const reference = bySource("reference");
  const assumed = bySource("assumed");
  // Results written before spreads from elsewhere stopped being applied list them too (below).
  if (reference.length === 0 && assumed.length === 0) {
    return {
      kind: fact.kind,
      severity: "note",
      text:
        `the intervals include this machine's run-to-run noise, measured by pnpm bench:calibrate over ${calibrationWords(own)}: ` +
        `the largest ${largestSpreads(own)}`,
    };
  }
  const parts = [
    own.length > 0
      ? `${plural(own.length, "comparison")} by this machine's own calibration (${calibrationWords(own)})`
      : "",
    reference.length > 0
      ? `${plural(reference.length, "comparison")} by the reference machine's calibration (${calibrationWords(reference)}; the largest ${largestSpreads(reference)})`
      : "",
    assumed.length > 0
      ? `${plural(assumed.length, "comparison")} by the largest spread any reference calibration showed at the metric (${assumedWords(assumed)}), ` +
        "measured on runs of 1.5-2 s windows and one trial, so usually more than a longer run moves on a machine like that one"
      : "",
  ].filter(Boolean);
  return {
    kind: "run-to-run-elsewhere",
    severity: "note",
    text:
      `this machine did not calibrate ${own.length > 0 ? "every comparison of " : ""}this spec, so the intervals include run-to-run noise measured elsewhere: ` +
      `${parts.join("; ")}. pnpm bench:calibrate --repeat 20 with this run's flags measures this machine's own, and later runs of the same spec use it` +
      withheldWords(fact.applied),
  };
}

type AppliedSpread = Extract<RunFact, { kind: "run-to-run" }>["applied"][number];

/**
 * "; this run reproduces a study, so those 12 comparisons name no winner …": why a study preset's
 * verdicts say "not enough to tell" where a spread was assumed; "" when none was withheld.
 */
function withheldWords(applied: readonly AppliedSpread[]): string {
  const withheld = applied.filter((a) => a.withholdsWinner);
  if (withheld.length === 0) return "";
  return (
    `. This run reproduces a study, and a study's verdict must hold from one run to the next: ` +
    `${plural(withheld.length, "comparison")} with an assumed spread ${withheld.length === 1 ? "names" : "name"} no winner ` +
    `("not enough to tell", with the run's own figure) until a calibration of these runs exists`
  );
}

/** "20 runs of this spec (2026-11-27)": the fewest runs any of these spreads rests on, and the days they were measured. */
function calibrationWords(applied: readonly AppliedSpread[]): string {
  const runs = Math.min(...applied.map((a) => a.runs));
  const dates = [...new Set(applied.map((a) => a.measuredAt.slice(0, 10)))].sort();
  return `${plural(runs, "run")} of this spec (${dates.join(", ")})`;
}

/** The three largest spreads, named: "item.get warm · REST vs gRPC · p50 18%, …". */
const largestSpreads = (applied: readonly AppliedSpread[]) =>
  [...applied]
    .sort((a, b) => b.spread - a.spread)
    .slice(0, 3)
    .map((a) => `${a.comparison} ${percentText(a.spread)}`)
    .join(", ");

/** "p50 18%, p99 51%": each metric's assumed spread once. */
function assumedWords(applied: readonly AppliedSpread[]): string {
  const byMetric = new Map(applied.map((a) => [metricOf(a.comparison), a.spread]));
  return [...byMetric].map(([metric, spread]) => `${metric} ${percentText(spread)}`).join(", ");
}

type JitPrime = Extract<RunFact, { kind: "jit-primed" }>["primes"][number];

const primeName = (p: JitPrime) => `${p.stack} on ${p.workload}${p.cacheMode === "none" ? "" : ` (${p.cacheMode})`}`;
const primeFigures = (p: JitPrime) =>
  `${plural(p.rounds, "round")} of ${formatDuration(p.roundMs)}, ${formatInt(p.firstRps)} to ${formatInt(p.lastRps)} calls/s`;

/** Whether the JVM stacks' priming settled everywhere; if not, the first trials may have measured the compiler. */
function jitPrimedFinding(fact: Extract<RunFact, { kind: "jit-primed" }>): Finding {
  const unsettled = fact.primes.filter((p) => !p.settled);
  if (unsettled.length > 0) {
    return {
      kind: "jit-unsettled",
      severity: "warning",
      text:
        `${unsettled.map((p) => `${primeName(p)} had not held for two rounds when its priming rounds ran out (${primeFigures(p)})`).join("; ")}: ` +
        `the first trials there may have measured code the JVM was still compiling; more trials make that matter less`,
    };
  }
  const stacks = [...new Set(fact.primes.map((p) => p.stack))];
  const rounds = fact.primes.map((p) => p.rounds);
  const [low, high] = [Math.min(...rounds), Math.max(...rounds)];
  const largest = fact.primes.reduce((a, b) => (b.lastRps / (b.firstRps || 1) > a.lastRps / (a.firstRps || 1) ? b : a));
  return {
    kind: "jit-primed",
    severity: "note",
    text:
      `before measuring, ${stacks.join(" and ")} ran each cell until two rounds in a row no longer beat the best before them by more than ${Math.round(PRIME_SETTLED_GAIN * 100)}%, so the JVM had compiled its hot code ` +
      `(${low === high ? low : `${low} to ${high}`} rounds of ${formatDuration(largest.roundMs)}; the largest gain: ${primeName(largest)}, ` +
      `${formatInt(largest.firstRps)} to ${formatInt(largest.lastRps)} calls/s); none of it was counted`,
  };
}

/** Where the generator and the servers ran, when they were kept apart: it changes absolute figures. */
export function cpuLayoutFinding(result: RunResult): Finding | null {
  const layout = result.environment.cpuLayout;
  if (!layout) return null;
  const list = (cpus: readonly number[]) => `${cpus.length === 1 ? "core" : "cores"} ${cpus.join(", ")}`;
  return {
    kind: "cpu-layout",
    severity: "note",
    text: `load generator pinned to ${list(layout.generator)}; the APIs, Redis and MariaDB to ${list(layout.services)}`,
  };
}

/** The backends are part of the environment every result records, old or new. */
export function embeddedBackendsFinding(result: RunResult): Finding | null {
  const { backends } = result.environment;
  if (backends.origin !== "embedded" && backends.cache !== "embedded" && backends.store !== "embedded") return null;
  return {
    kind: "embedded-backends",
    severity: "warning",
    text: `EMBEDDED BACKENDS (cache: ${backends.cache}, store: ${backends.store}): no real Redis/MySQL was used, so these numbers do not measure the real experiment.`,
  };
}

/** One sentence for the whole run: the warm-up is the same time on both sides, so it is said once. */
export function warmUpFinding(result: RunResult): Finding | null {
  const discarded = { rest: 0, grpc: 0 };
  let recorded = false;
  for (const cell of result.cells) {
    for (const trial of cell.trials) {
      for (const protocol of ["rest", "grpc"] as const) {
        for (const fact of trial[protocol].facts ?? []) {
          if (fact.kind !== "warm-up-discarded") continue;
          recorded = true;
          discarded[protocol] += fact.samples;
        }
      }
    }
  }
  if (!recorded || result.spec.warmupMs === 0) return null;
  const warmup = formatDuration(result.spec.warmupMs);
  const what =
    result.spec.requests === undefined
      ? `responses that completed in the first ${warmup} of each protocol run were left out`
      : `a ${warmup} warm-up run before each window, and each connection's first request (its handshake), were left out`;
  const counts = (["rest", "grpc"] as const)
    .map((protocol) => `${plural(discarded[protocol], "response")} for ${PROTOCOL_LABEL[protocol]}`)
    .join(", ");
  return {
    kind: "warm-up-discarded",
    severity: "note",
    text: `warm-up: ${what}, on both sides alike (${counts}, over all cells and trials)`,
  };
}
