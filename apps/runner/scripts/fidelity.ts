/**
 * `pnpm bench:fidelity`: do Relix's numbers agree with the load tools run on their own?
 *
 * In one session on this machine it starts the services (the engine's ensureServices, free
 * 127.0.0.1 ports), then for item.get (warm) and noop compares, at the same connections:
 *   REST: Relix's p50 and rps (measureProtocol: autocannon in-process, one window definition)
 *         with `wrk -t1 -c N -d D --latency` on the same requests (a Lua script sends the engine's
 *         own request sequence with its headers, round robin);
 *   gRPC: Relix's p50 and rps (measureProtocol: ghz driven by the engine) with the ghz CLI run
 *         directly, read from its own summary.
 * Each comparison runs `--rounds` times, back to back, the order of Relix and the reference
 * alternating, after one discarded run that lets freshly started services compile their hot
 * paths; the verdict is on the median of the per-round ratios: PASS within +-10%, exit code 1 on
 * any FAIL. Load goes to 127.0.0.1 only and every run is bounded (--duration, default 5 s).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getWorkload, median, runSpecSchema, type Protocol, type ProtocolMeasure } from "@relix/core";
import { toolPath } from "@relix/io/backends";
import { resolveEngineContext, type EngineContext } from "../src/engine/engine-context";
import { autocannonOptionsFor } from "../src/engine/generators/autocannon-generator";
import { ghzOptionsFor } from "../src/engine/generators/ghz-generator";
import { loadPlanOf, measureProtocol, type ProtocolRunPlan } from "../src/engine/measure-protocol";
import { preflight } from "../src/engine/preflight";
import { restBaseUrl, type ServiceTargets } from "../src/engine/targets";
import { GHZ_EXECUTABLE, ghzVersion } from "../src/tools";
import { startLocalStack } from "./lib/local-stack";
import { readComparisonOptions, type ComparisonOptions } from "./lib/script-options";
import { watchMachineLoad } from "./lib/machine-load";
import { withWrkCorrection } from "./lib/wrk-correction";
import { parseWrkOutput, wrkRoundRobinScript, type WrkSummary } from "./lib/wrk-output";

const execFileP = promisify(execFile);
const TOLERANCE = 0.1;

const NAME = "fidelity";

const USAGE = `usage: pnpm bench:fidelity [--duration 5s] [--warmup 1s] [--connections 8] [--rounds 5]
  --duration     measured window of every run, whole seconds (wrk's unit), 1-60 s; default 5 s
  --warmup       warm-up before each window, whole seconds, 0-30 s; default 1 s
  --connections  REST connections = gRPC concurrency (in flight), 1-256; default 8
  --rounds       back-to-back runs of each side, median ratio compared, 1-10; default 5`;

type Options = ComparisonOptions;

interface Figures {
  p50Ms: number;
  meanMs: number;
  rps: number;
  /** Relix REST only: its histogram with wrk's coordinated-omission correction applied (lib/wrk-correction). */
  asWrk?: { p50Ms: number; meanMs: number };
  /** Anything that makes the figures suspect (errors, non-2xx). */
  problems: string[];
}

function planFor(workloadId: string, protocol: Protocol, options: Options): ProtocolRunPlan {
  const spec = runSpecSchema.parse({
    workloads: [workloadId],
    connections: options.connections,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
  });
  const workload = getWorkload(workloadId);
  return {
    workload,
    cacheMode: "warm",
    requests: workload.requests(spec),
    spec,
    cell: {
      workload: workloadId,
      cacheMode: workload.usesCache ? "warm" : "none",
      trial: 1,
      trials: 1,
      protocol,
      index: 1,
      total: 1,
    },
  };
}

/** What the engine is handed at start-up; set once the services are up. */
let context: EngineContext;

async function relix(plan: ProtocolRunPlan): Promise<Figures> {
  const m: ProtocolMeasure = await measureProtocol(plan, context, () => {});
  const asWrk =
    m.protocol === "rest"
      ? withWrkCorrection(m.histogram, {
          windowMs: plan.spec.durationMs,
          responses: m.requests,
          connections: plan.spec.connections,
        })
      : null;
  return {
    p50Ms: m.latencyMs.p50,
    meanMs: m.latencyMs.mean,
    rps: m.rps,
    ...(asWrk ? { asWrk: { p50Ms: asWrk.p50Ms, meanMs: asWrk.meanMs } } : {}),
    problems: [
      ...(m.errors.total > 0
        ? [`Relix ${m.protocol}: ${m.errors.total} errors ${JSON.stringify(m.errors.byCode)}`]
        : []),
      ...(m.generator.saturated ? [`Relix ${m.protocol}: ${m.generator.tool} was saturated`] : []),
    ],
  };
}

async function wrk(plan: ProtocolRunPlan, targets: ServiceTargets, dir: string, options: Options): Promise<Figures> {
  // The engine's own request sequence (paths and headers), so both clients ask for the same thing.
  const requests = autocannonOptionsFor(loadPlanOf(plan, context, options.durationMs)).requests.map((r) => ({
    method: r.method,
    path: r.path,
    headers: r.headers ?? {},
  }));
  const script = path.join(dir, `${plan.workload.id}.lua`);
  await writeFile(script, wrkRoundRobinScript(requests));
  const run = async (seconds: number) => {
    const args = [
      "-t1",
      `-c${options.connections}`,
      `-d${seconds}s`,
      "--latency",
      "-s",
      script,
      `${restBaseUrl(targets)}/`,
    ];
    const { stdout } = await execFileP("wrk", args, { timeout: seconds * 1000 + 15_000 });
    return parseWrkOutput(stdout);
  };
  if (options.warmupMs > 0) await run(options.warmupMs / 1000);
  const s: WrkSummary = await run(options.durationMs / 1000);
  const errors = Object.values(s.socketErrors).reduce((a, b) => a + b, 0);
  return {
    p50Ms: s.latencyMs.p50,
    meanMs: s.latencyMs.mean,
    rps: s.rps,
    problems: [
      ...(s.non2xx > 0 ? [`wrk: ${s.non2xx} non-2xx responses`] : []),
      ...(errors > 0 ? [`wrk: socket errors ${JSON.stringify(s.socketErrors)}`] : []),
    ],
  };
}

interface GhzSummary {
  count: number;
  rps: number;
  /** ns, every call (errors included) */
  average: number;
  latencyDistribution: Array<{ percentage: number; latency: number }> | null;
  statusCodeDistribution: Record<string, number> | null;
}

async function ghzCli(plan: ProtocolRunPlan, dir: string, options: Options): Promise<Figures> {
  // Same proto, call, request data and metadata as the engine, and like the engine no template
  // processing (ghz's default runs Go templates over every call's data and metadata: CPU taken
  // from the servers on a small machine, ~20% fewer calls/s measured here). Everything else,
  // including how it ends the run and computes its summary, is ghz's default.
  const o = ghzOptionsFor(loadPlanOf(plan, context, options.durationMs));
  const dataFile = path.join(dir, `${plan.workload.id}.json`);
  const outFile = path.join(dir, `${plan.workload.id}-report.json`);
  await writeFile(dataFile, JSON.stringify(o.data));
  const bin = o.ghzBin;
  const run = async (ms: number) => {
    const args = [
      "--insecure",
      "--proto",
      o.protoFile,
      "--import-paths",
      (o.importPaths ?? []).join(","),
      "--call",
      o.call,
      "-c",
      String(options.connections),
      "--connections",
      "1",
      "-z",
      `${ms}ms`,
      "--data-file",
      dataFile,
      "--metadata",
      JSON.stringify(o.metadata ?? {}),
      "--disable-template-functions",
      "--disable-template-data",
      "--format",
      "json",
      "--output",
      outFile,
      o.target,
    ];
    await execFileP(bin, args, { timeout: ms + 30_000 });
    return JSON.parse(await readFile(outFile, "utf8")) as GhzSummary;
  };
  if (options.warmupMs > 0) await run(options.warmupMs);
  const report = await run(options.durationMs);
  const p50 = report.latencyDistribution?.find((d) => d.percentage === 50);
  if (!p50) throw new Error("ghz report has no 50th percentile");
  const notOk = Object.entries(report.statusCodeDistribution ?? {}).filter(([code]) => code !== "OK");
  return {
    p50Ms: p50.latency / 1e6,
    meanMs: report.average / 1e6,
    rps: report.rps,
    // ghz's default --duration-stop close cancels the calls in flight at the end: a handful is expected.
    problems:
      notOk.length > 0
        ? [
            `ghz CLI: non-OK ${JSON.stringify(Object.fromEntries(notOk))} of ${report.count} (its default end of run cancels in-flight calls)`,
          ]
        : [],
  };
}

const fmt = (v: number, digits: number) => v.toFixed(digits);
const spread = (values: number[], digits: number) =>
  `${fmt(median(values), digits)} (${fmt(Math.min(...values), digits)}-${fmt(Math.max(...values), digits)})`;

async function main() {
  let options: Options;
  try {
    options = readComparisonOptions(USAGE, { rounds: 5 });
  } catch (error) {
    console.error(`${NAME}: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "relix-fidelity-"));
  const started = performance.now();
  console.error("fidelity: starting backends and services...");
  const stack = await startLocalStack(process.env);
  const { targets } = stack;
  context = await resolveEngineContext(targets, process.env);
  const rows: string[][] = [];
  const problems = new Set<string>();
  let pass = true;
  try {
    const { stdout: wrkVersion } = await execFileP("wrk", ["-v"]).catch((e: { stdout?: string }) => ({
      stdout: e.stdout ?? "",
    }));
    const load = await watchMachineLoad(targets);
    for (const workloadId of ["item.get", "noop"]) {
      const workload = getWorkload(workloadId);
      const label = workload.usesCache ? `${workloadId} warm` : workloadId;
      // Primes the cache with every key and checks both APIs give the same answers.
      await preflight(targets, workload, workload.requests(planFor(workloadId, "rest", options).spec), "warm");
      for (const protocol of ["rest", "grpc"] as const) {
        const plan = planFor(workloadId, protocol, options);
        // One discarded run first: freshly started services are still compiling their hot paths
        // (the first run after a start measured up to 40% slower), which a 1 s warm-up does not cover.
        console.error(`fidelity: ${label} ${protocol}: settling run (discarded)`);
        await relix(plan);
        const ours: Figures[] = [];
        const theirs: Figures[] = [];
        for (let round = 0; round < options.rounds; round++) {
          console.error(`fidelity: ${label} ${protocol} round ${round + 1}/${options.rounds}`);
          const reference = () => (protocol === "rest" ? wrk(plan, targets, dir, options) : ghzCli(plan, dir, options));
          // Alternate who goes first, so neither side always gets the warmer machine.
          if (round % 2 === 0) {
            ours.push(await relix(plan));
            theirs.push(await reference());
          } else {
            theirs.push(await reference());
            ours.push(await relix(plan));
          }
        }
        for (const f of [...ours, ...theirs]) for (const p of f.problems) problems.add(`${label}: ${p}`);
        const tool = protocol === "rest" ? "wrk" : "ghz CLI";
        // What is compared, and whether it decides PASS/FAIL. wrk prints CO-corrected latencies (see
        // lib/wrk-correction), so for REST the judged latency row puts Relix's samples through the
        // same correction; Relix's own (raw) p50 is shown beside it.
        const compared: Array<{
          name: string;
          ours: (f: Figures) => number;
          theirs: (f: Figures) => number;
          judged: boolean;
          digits: number;
        }> =
          protocol === "rest"
            ? [
                {
                  name: "p50 ms, wrk's correction on both",
                  ours: (f) => f.asWrk!.p50Ms,
                  theirs: (f) => f.p50Ms,
                  judged: true,
                  digits: 3,
                },
                { name: "rps", ours: (f) => f.rps, theirs: (f) => f.rps, judged: true, digits: 0 },
                {
                  name: "p50 ms, Relix as reported",
                  ours: (f) => f.p50Ms,
                  theirs: (f) => f.p50Ms,
                  judged: false,
                  digits: 3,
                },
                {
                  name: "mean ms, wrk's correction on both",
                  ours: (f) => f.asWrk!.meanMs,
                  theirs: (f) => f.meanMs,
                  judged: false,
                  digits: 3,
                },
              ]
            : [
                { name: "p50 ms", ours: (f) => f.p50Ms, theirs: (f) => f.p50Ms, judged: true, digits: 3 },
                { name: "rps", ours: (f) => f.rps, theirs: (f) => f.rps, judged: true, digits: 0 },
                { name: "mean ms", ours: (f) => f.meanMs, theirs: (f) => f.meanMs, judged: false, digits: 3 },
              ];
        for (const { name, ours: pickOurs, theirs: pickTheirs, judged, digits } of compared) {
          const a = ours.map(pickOurs);
          const b = theirs.map(pickTheirs);
          // Each round's two runs are back to back: their ratio is the least disturbed by whatever
          // else the machine does over minutes, so the verdict is on the median of those ratios.
          const ratio = median(a.map((v, i) => v / b[i]!));
          const ok = Math.abs(ratio - 1) <= TOLERANCE;
          if (judged) pass &&= ok;
          rows.push([
            label,
            protocol === "rest" ? "REST" : "gRPC",
            name,
            spread(a, digits),
            spread(b, digits),
            tool,
            fmt(ratio, 3),
            judged ? (ok ? "PASS" : "FAIL") : "(info)",
          ]);
        }
      }
    }

    const header = [
      "workload",
      "side",
      "metric",
      "Relix median (min-max)",
      "reference median (min-max)",
      "reference",
      "ratio*",
      `+-${TOLERANCE * 100}%`,
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i >= 3 && i !== 5 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ");
    console.log(
      `\nRelix vs the tools alone: ${options.connections} connections / in flight, ${options.warmupMs / 1000} s warm-up + ${options.durationMs / 1000} s window, ` +
        `${options.rounds} rounds (order alternating); ratio* = median over rounds of Relix / reference in back-to-back runs`,
    );
    console.log(
      `${os.cpus()[0]?.model.trim()} x${os.cpus().length}, Node ${process.version}, ${wrkVersion.split("\n")[0]?.trim() || "wrk"}, ghz ${await ghzVersion(toolPath(context.tools[GHZ_EXECUTABLE.name]!), process.env)}, Redis ${stack.versions.redis}, MySQL ${stack.versions.mysql}\n`,
    );
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(`
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
              "average" (all calls). In a closed loop the true mean is connections / rps.`);
    console.log(`\n${await load.stop()}`);
    if (problems.size > 0) console.log(`\nNotes:\n${[...problems].map((p) => `  - ${p}`).join("\n")}`);
    console.log(
      `\n${pass ? "PASS" : "FAIL"}: every ratio within +-${TOLERANCE * 100}%? ${pass ? "yes" : "no"} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`${NAME}: could not run: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 3;
});
