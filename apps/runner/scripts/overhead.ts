/**
 * `pnpm bench:overhead`: is the runner itself the bottleneck?
 *
 * Against the noop workload (the cheapest request, so the client's own cost shows most), it
 * compares Relix's REST rps (measureProtocol: autocannon in-process, with the engine's per-request
 * hooks: one shared key sequence, a sample per response, live /stats polling) with the autocannon
 * CLI alone (node_modules/.bin/autocannon, same connections, same warm-up and duration, its JSON
 * report). `--rounds` back-to-back runs of each, alternating which goes first, after one
 * discarded run; the verdict is on the median of the per-round ratios.
 * Target: Relix reaches at least 0.9x the CLI's rps. Exit code 1 when it does not.
 * It also prints each client's CPU per 1,000 requests: on a small machine the client and the
 * server share the cores, so a costlier client lowers the server's throughput.
 */
import { createRequire } from "node:module";
import os from "node:os";
import { getWorkload, median, runSpecSchema } from "@relix/core";
import { measureProtocol, type ProtocolRunPlan } from "../src/engine/measure/measure-protocol";
import { resolveEngineContext } from "../src/engine/engine-context";
import { restBaseUrl, type ServiceTargets } from "../src/engine/launch/targets";
import { autocannonVersion, runChildWithCpu } from "../src/tools";
import { startLocalStack } from "./lib/local-stack";
import { readComparisonOptions, type ComparisonOptions } from "./lib/script-options";
import { watchMachineLoad } from "./lib/machine-load";

const require = createRequire(import.meta.url);
const TARGET = 0.9;

const NAME = "overhead";

const USAGE = `usage: pnpm bench:overhead [--duration 5s] [--warmup 1s] [--connections 8] [--rounds 3]
  --duration     measured window, whole seconds (the CLI's -d unit), 1-60 s; default 5 s
  --warmup       warm-up before it, whole seconds, 0-30 s; default 1 s
  --connections  autocannon connections on both sides, 1-256; default 8
  --rounds       back-to-back runs of each side, median ratio compared, 1-10; default 3`;

type Options = ComparisonOptions;

interface Figures {
  rps: number;
  p50Ms: number;
  /** Client CPU (user + system) per 1,000 responses. */
  cpuMsPer1000: number | null;
}

async function relix(targets: ServiceTargets, options: Options): Promise<Figures> {
  const workload = getWorkload("noop");
  const spec = runSpecSchema.parse({
    workloads: ["noop"],
    connections: options.connections,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
  });
  const plan: ProtocolRunPlan = {
    workload,
    cacheMode: "warm",
    requests: workload.requests(spec),
    spec,
    cell: { workload: "noop", cacheMode: "none", trial: 1, trials: 1, protocol: "rest", index: 1, total: 1 },
  };
  const cpu0 = process.cpuUsage();
  const m = await measureProtocol(plan, await resolveEngineContext(targets, process.env), () => {});
  const cpu = process.cpuUsage(cpu0);
  if (m.errors.total > 0) throw new Error(`Relix: ${m.errors.total} errors ${JSON.stringify(m.errors.byCode)}`);
  // every response of the run (warm-up, window and tail), not only the window's
  const responses = m.requests + (m.rps * options.warmupMs) / 1000;
  return { rps: m.rps, p50Ms: m.latencyMs.p50, cpuMsPer1000: ((cpu.user + cpu.system) / 1000 / responses) * 1000 };
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number };
  errors: number;
  non2xx: number;
  duration: number;
}

async function cli(targets: ServiceTargets, options: Options): Promise<Figures> {
  // The CLI's own bin, as a user would run it; --warmup takes autocannon's sub-arguments.
  const bin = require.resolve("autocannon/autocannon.js");
  const args = [bin, "-c", String(options.connections), "-d", String(options.durationMs / 1000), "-j"];
  if (options.warmupMs > 0)
    args.push("--warmup", "[", "-c", String(options.connections), "-d", String(options.warmupMs / 1000), "]");
  args.push(`${restBaseUrl(targets)}/v1/noop`);
  const child = await runChildWithCpu(process.execPath, args, {
    hardTimeoutMs: options.warmupMs + options.durationMs + 30_000,
    maxOutputBytes: 1 << 22,
  });
  if (child.exitCode !== 0)
    throw new Error(`autocannon CLI exited with ${child.exitCode ?? child.signal}: ${child.stderr.slice(0, 500)}`);
  // with --warmup it prints the warm-up's report first, then the measured run's: one JSON per line
  const report = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as AutocannonJson;
  if (report.errors > 0 || report.non2xx > 0)
    throw new Error(`autocannon CLI: ${report.errors} errors, ${report.non2xx} non-2xx`);
  // requests.total counts the measured run only; the warm-up's responses are extra CPU
  const responses = report.requests.total * (1 + options.warmupMs / options.durationMs);
  return {
    rps: report.requests.average,
    p50Ms: report.latency.p50,
    cpuMsPer1000: child.cpuMs === undefined ? null : (child.cpuMs / responses) * 1000,
  };
}

async function main() {
  let options: Options;
  try {
    options = readComparisonOptions(USAGE, { rounds: 3 });
  } catch (error) {
    console.error(`${NAME}: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  console.error("overhead: starting backends and services...");
  const stack = await startLocalStack(process.env);
  try {
    // One discarded run first: freshly started services are still compiling their hot paths.
    console.error("overhead: settling run (discarded)");
    await relix(stack.targets, options);
    const load = await watchMachineLoad(stack.targets);
    const ours: Figures[] = [];
    const theirs: Figures[] = [];
    for (let round = 0; round < options.rounds; round++) {
      console.error(`overhead: round ${round + 1}/${options.rounds}`);
      // Alternate who goes first, so neither side always gets the warmer machine.
      if (round % 2 === 0) {
        ours.push(await relix(stack.targets, options));
        theirs.push(await cli(stack.targets, options));
      } else {
        theirs.push(await cli(stack.targets, options));
        ours.push(await relix(stack.targets, options));
      }
    }
    // Each round's two runs are back to back: the median of their ratios is the least disturbed
    // by whatever else the machine does over minutes.
    const ratio = median(ours.map((f, i) => f.rps / theirs[i]!.rps));
    const pass = ratio >= TARGET;
    const rounds = (fs: Figures[], key: keyof Figures, digits: number) =>
      fs.map((f) => (f[key] === null ? "?" : f[key].toFixed(digits))).join(" / ");
    const cpu = (fs: Figures[]) => {
      const values = fs.map((f) => f.cpuMsPer1000).filter((v): v is number => v !== null);
      return values.length ? median(values).toFixed(0) : "?";
    };
    console.log(
      `\nnoop over REST, ${options.connections} connections, ${options.warmupMs / 1000} s warm-up + ${options.durationMs / 1000} s, ${options.rounds} rounds (order alternating)`,
    );
    console.log(
      `${os.cpus()[0]?.model.trim()} x${os.cpus().length}, Node ${process.version}, autocannon ${autocannonVersion()}\n`,
    );
    console.log(
      `                      median rps   rounds (rps)                 p50 ms (rounds)          client CPU ms / 1000 req`,
    );
    console.log(
      `Relix (measureProtocol) ${median(ours.map((f) => f.rps))
        .toFixed(0)
        .padStart(8)}   ${rounds(ours, "rps", 0).padEnd(28)} ${rounds(ours, "p50Ms", 3).padEnd(24)} ${cpu(ours)}`,
    );
    console.log(
      `autocannon CLI alone    ${median(theirs.map((f) => f.rps))
        .toFixed(0)
        .padStart(8)}   ${rounds(theirs, "rps", 0).padEnd(28)} ${rounds(theirs, "p50Ms", 0).padEnd(24)} ${cpu(theirs)}`,
    );
    console.log(`
  Relix rps: successful responses in the measured window / window length (warm-up dropped).
  CLI rps:   autocannon's "Req/Sec" average: the mean of its per-second counts over the measured run (its --warmup excluded).
  CLI p50 is autocannon's own whole-millisecond table; Relix's is from every sample, in µs.
  Client CPU: Relix's whole runner process (autocannon, the sample recording and the /stats polling); the CLI's process.`);
    console.log(`\n${await load.stop()}`);
    console.log(
      `\nRelix / CLI = ${ratio.toFixed(3)} (median of the per-round ratios ${ours.map((f, i) => (f.rps / theirs[i]!.rps).toFixed(2)).join(", ")}): ` +
        `${pass ? "PASS" : "FAIL"} (target >= ${TARGET}) (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`${NAME}: could not run: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 3;
});
