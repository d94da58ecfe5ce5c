/**
 * `pnpm bench:floor [--runtime node|java|python|all] [--rounds N]`: is the warm read path of each
 * API close to its runtime's floor?
 *
 * For each runtime asked for, every API of that runtime (node: express and grpc-js; java: spring
 * and grpc-java; python: fastapi, flask and grpcio) is measured on item.get (warm) beside a bare
 * reference server of the same runtime and protocol that does one Redis GET of the same key and
 * answers it, and each REST API also beside a bare route of its own framework doing the same
 * (scripts/floor/runtime-floors.ts says which, and why the framework route is a REST API's
 * target), at 1 in flight (p50) and at 32 in flight (throughput), in rounds that reverse the order
 * of the sides every other round (A B, B A... or A B C, C B A...). It prints the median of the
 * per-round ratios against issue 20's targets: p50 within 1.3x of the target's, throughput at
 * least 0.8x. Exit code 1 when a target is missed.
 *
 * The APIs are started as a run starts them (the engine's ensureServices for the Node services,
 * startRuntimeServices for the Java and Python ones), over an ephemeral Redis and MariaDB unless
 * REDIS_URL / MYSQL_URL are set. All traffic stays on 127.0.0.1; every run is bounded in time.
 * A runtime that cannot be built or started here is reported as skipped, with the reason.
 */
import { parseArgs } from "node:util";
import { createRequire } from "node:module";
import os from "node:os";
import { getWorkload } from "@relix/core";
import { DEFAULT_PAIR, type StackId } from "@relix/core/stacks/stacks";
import type { Runtime, ServiceProcessId } from "@relix/core/stacks/service-processes";
import { getFreePort } from "@relix/io/backends";
import { preflight } from "../src/engine/launch/preflight";
import { startRuntimeServices, type RuntimeServices } from "../src/engine/launch/runtime-services";
import type { ServiceProcess } from "../src/engine/launch/service-processes";
import { stackPort } from "../src/engine/plan/stack-table";
import type { ExtraStackId, ServiceTargets } from "../src/engine/launch/targets";
import { interleavedOrder, type Side } from "./floor/interleave";
import { floorIds, measureItemGet, type FloorTarget } from "./floor/measure";
import { startReference } from "./floor/references";
import { parseRuntimes, runtimeFloors, type ReferenceCommand, type RuntimeFloor } from "./floor/runtime-floors";
import { floorVerdict, FLOOR_TARGETS, type FloorVerdict, type RoundFigures } from "./floor/verdict";
import { parseCount, parseSeconds, startLocalStack } from "./lib/local-stack";
import { watchMachineLoad } from "./lib/machine-load";
import { PRIME_ROUND_MS, primeInRounds, primingSettled } from "@relix/core/stacks/jit-priming";

const { values: options } = parseArgs({
  options: {
    runtime: { type: "string", default: "node" },
    rounds: { type: "string", default: process.env.FLOOR_ROUNDS ?? "2" },
    warmup: { type: "string", default: `${process.env.FLOOR_WARMUP_MS ?? 1_000}ms` },
    window: { type: "string", default: `${process.env.FLOOR_WINDOW_MS ?? 5_000}ms` },
    prime: { type: "string", default: process.env.FLOOR_PRIME_MS ? `${process.env.FLOOR_PRIME_MS}ms` : "settle" },
  },
});
const runtimes = parseRuntimes(options.runtime);
const rounds = parseCount(options.rounds, "rounds", { min: 1, max: 20 });
const windows = {
  warmupMs: parseSeconds(options.warmup, "warmup", { min: 0, max: 30_000 }),
  windowMs: parseSeconds(options.window, "window", { min: 500, max: 60_000 }),
};
/**
 * Runs at 32 in flight of each side before the rounds, not counted: a JIT (the JVM's) compiles its
 * hot paths there. "settle" (the default): rounds until throughput stops rising, as a run primes
 * its JVM stacks (@relix/core stacks/jit-priming.ts); a duration: one run that long; 0: none.
 */
/**
 * The floor primes at 32 in flight, where spring was still rising after a run's 15 rounds (runs
 * prime at 8 in flight and settle in 7-12); the floor has no hour limit to keep, so it may take 30.
 */
const FLOOR_PRIME_MAX_ROUNDS = 30;
const primeMs = options.prime === "settle" ? "settle" : parseSeconds(options.prime, "prime", { min: 0, max: 60_000 });

/** Primes one side; returns the rounds it took (1 for a fixed-length priming, 0 for none) and whether it held. */
async function prime(target: FloorTarget): Promise<{ rounds: number; settled: boolean }> {
  if (primeMs !== "settle") {
    if (primeMs > 0) await measureItemGet(target, 32, { warmupMs: 0, windowMs: primeMs });
    return { rounds: primeMs > 0 ? 1 : 0, settled: true };
  }
  const rpsByRound = await primeInRounds(
    async () => (await measureItemGet(target, 32, { warmupMs: 0, windowMs: PRIME_ROUND_MS })).rps,
    FLOOR_PRIME_MAX_ROUNDS,
  );
  return { rounds: rpsByRound.length, settled: primingSettled(rpsByRound) };
}

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
const floors = runtimeFloors(tsxCli);
const pad = (text: string | number, width: number) => String(text).padStart(width);
/** Three decimals: a ratio printed as the target (0.80x) must not read as passing when it missed it (0.796x). */
const times = (ratio: number) => `${ratio.toFixed(3)}x`;

/** The other runtimes' stacks on free ports, their gRPC processes' side ports too, beside the Node services' targets. */
async function withRuntimePorts(targets: ServiceTargets, measured: RuntimeFloor[]): Promise<ServiceTargets> {
  const stackPorts: Partial<Record<ExtraStackId, number>> = {};
  const sidePorts: Partial<Record<ServiceProcessId, number>> = {};
  for (const floor of measured.filter((f) => f.runtime !== "node")) {
    for (const api of floor.apis) stackPorts[api.stack as ExtraStackId] = await getFreePort();
  }
  if (measured.some((f) => f.runtime === "java")) sidePorts["java-grpc"] = await getFreePort();
  if (measured.some((f) => f.runtime === "python")) sidePorts["python-grpcio"] = await getFreePort();
  return { ...targets, stackPorts, sidePorts };
}

type Figures = { p50Ms: number; rps: number };

/** How many priming rounds each server took, by name, printed after the table. */
const primeRounds = new Map<string, { rounds: number; settled: boolean }>();

/** The rounds of one API against its references, interleaved; each side's figures per round. */
async function measureRounds(
  sides: Partial<Record<Side, FloorTarget>>,
): Promise<Array<Partial<Record<Side, Figures>>>> {
  const order = (Object.keys(sides) as Side[]).filter((side) => sides[side]);
  for (const side of order) primeRounds.set(sides[side]!.name, await prime(sides[side]!));
  const figures: Array<Partial<Record<Side, Figures>>> = [];
  for (const round of interleavedOrder(rounds, order)) {
    const p50: Partial<Record<Side, number>> = {};
    const rps: Partial<Record<Side, number>> = {};
    // p50 in the round's order, rps in the reverse: no side always runs straight after the same one.
    for (const side of round) p50[side] = (await measureItemGet(sides[side]!, 1, windows)).p50Ms;
    for (const side of [...round].reverse()) rps[side] = (await measureItemGet(sides[side]!, 32, windows)).rps;
    figures.push(Object.fromEntries(round.map((side) => [side, { p50Ms: p50[side]!, rps: rps[side]! }])));
  }
  return figures;
}

/** One API's rounds against one of its references, as the verdict reads them. */
const against = (rounds: Array<Partial<Record<Side, Figures>>>, side: Side): RoundFigures[] =>
  rounds.map((round) => ({ api: round.api!, reference: round[side]! }));

const mark = (ok: boolean) => (ok ? "PASS" : "FAIL");

function verdictLine(label: string, verdict: FloorVerdict, judged: boolean, reference: string): string {
  const p50 = `${pad(times(verdict.p50Ratio), 7)} ${judged ? mark(verdict.p50Pass) : "    "}`;
  const rps = `${pad(times(verdict.rpsRatio), 7)} ${judged ? mark(verdict.rpsPass) : "    "}`;
  return (
    `${label.padEnd(22)} ${pad(verdict.apiP50Ms.toFixed(3), 9)} ${pad(verdict.referenceP50Ms.toFixed(3), 9)} ${p50}  ` +
    `${pad(verdict.apiRps.toFixed(0), 8)} ${pad(verdict.referenceRps.toFixed(0), 8)} ${rps}  ` +
    `vs ${reference}${judged ? " (target)" : " (information)"}`
  );
}

async function measureRuntime(
  floor: RuntimeFloor,
  targets: ServiceTargets,
  redisUrl: string,
): Promise<{ lines: string[]; pass: boolean }> {
  const started: ServiceProcess[] = [];
  const lines: string[] = [];
  let pass = true;
  const start = async (reference: ReferenceCommand) => {
    const running = await startReference(reference, process.env, redisUrl);
    started.push(running.process);
    return running;
  };
  try {
    const ports = {
      http: (await start(floor.references.http)).port,
      grpc: (await start(floor.references.grpc)).port,
    };
    for (const api of floor.apis) {
      const reference = floor.references[api.protocol];
      const framework = api.framework ? await start(api.framework) : undefined;
      const rounds = await measureRounds({
        api: { name: api.name, protocol: api.protocol, port: stackPort(targets, api.stack) },
        reference: { name: reference.name, protocol: api.protocol, port: ports[api.protocol] },
        ...(api.framework && framework
          ? { framework: { name: api.framework.name, protocol: api.protocol, port: framework.port } }
          : {}),
      });
      // Stopped at once: an idle JVM or interpreter beside the next API's rounds would still cost it.
      await framework?.process.stop();
      const runtimeVerdict = floorVerdict(against(rounds, "reference"));
      const frameworkVerdict = api.framework ? floorVerdict(against(rounds, "framework")) : undefined;
      // A REST API is judged against its framework's bare route, a gRPC API against its runtime's bare server.
      pass &&= (frameworkVerdict ?? runtimeVerdict).pass;
      lines.push(verdictLine(api.name, runtimeVerdict, !frameworkVerdict, reference.name));
      if (frameworkVerdict && api.framework) lines.push(verdictLine("", frameworkVerdict, true, api.framework.name));
    }
  } finally {
    await Promise.all(started.map((child) => child.stop()));
  }
  return { lines, pass };
}

async function main() {
  const stack = await startLocalStack(process.env);
  const measured = runtimes.map((runtime: Runtime) => floors[runtime]);
  const targets = await withRuntimePorts(stack.targets, measured);
  const startedRuntimes: RuntimeServices[] = [];
  const skipped = new Map<Runtime, string>();
  let pass = true;
  const load = await watchMachineLoad(stack.targets);
  try {
    // Each other runtime on its own: one that cannot be built or started here leaves the others measured.
    for (const floor of measured.filter((f) => f.runtime !== "node")) {
      try {
        startedRuntimes.push(
          await startRuntimeServices(
            targets,
            floor.apis.map((a) => a.stack),
            { services: stack.services, env: process.env, log: (message) => console.error(message) },
          ),
        );
      } catch (error) {
        skipped.set(floor.runtime, (error as Error).message);
      }
    }
    const servedStacks: StackId[] = measured
      .filter((f) => f.runtime !== "node" && !skipped.has(f.runtime))
      .flatMap((f) => f.apis.map((a) => a.stack));
    // Prime the cache with every key (and check every API answers as grpc-js does), as a warm run does.
    await preflight(targets, getWorkload("item.get"), floorIds(), "warm", undefined, [
      DEFAULT_PAIR.rest,
      DEFAULT_PAIR.grpc,
      ...servedStacks,
    ]);

    const primingText =
      primeMs === "settle"
        ? `each server primed in ${PRIME_ROUND_MS / 1000} s rounds at 32 in flight until its throughput held`
        : `${primeMs / 1000} s priming per server`;
    console.log(
      `item.get warm, ${rounds} rounds (the sides' order reversed every other round) of ${windows.windowMs / 1000} s ` +
        `windows after ${windows.warmupMs / 1000} s warm-up, ${primingText}; p50 at 1 in ` +
        `flight, rps at 32; medians of the per-round ratios`,
    );
    console.log(
      `targets: p50 <= ${FLOOR_TARGETS.p50RatioAtMost}x and rps >= ${FLOOR_TARGETS.rpsRatioAtLeast}x of the target: ` +
        `a gRPC API's is its runtime's bare gRPC server; a REST API's is its framework's bare route doing only the ` +
        `GET (the bare runtime HTTP server has no framework: that ratio is printed for information)`,
    );
    console.log(
      `${"".padEnd(22)} ${pad("p50 ms", 9)} ${pad("ref ms", 9)} ${pad("ratio", 7)} ${"".padEnd(4)}  ${pad("rps", 8)} ` +
        `${pad("ref rps", 8)} ${pad("ratio", 7)}`,
    );
    for (const floor of measured) {
      console.log(`-- ${floor.runtime}`);
      const reason = skipped.get(floor.runtime);
      if (reason) {
        console.log(`   skipped: ${reason}`);
        continue;
      }
      const result = await measureRuntime(floor, targets, stack.redisUrl);
      pass &&= result.pass;
      for (const line of result.lines) console.log(line);
    }
    if (primeMs === "settle" && primeRounds.size > 0) {
      const list = [...primeRounds].map(([name, p]) => `${name} ${p.rounds}${p.settled ? "" : " (still rising)"}`);
      console.log(`priming rounds: ${list.join(", ")}`);
    }
    const [one, five, fifteen] = os.loadavg().map((value) => value.toFixed(2));
    console.log(`${await load.stop()}\nload average at the end: ${one}, ${five}, ${fifteen} (1, 5, 15 min)`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await Promise.all(startedRuntimes.map((runtime) => runtime.stop()));
    await stack.stop();
  }
}

await main();
