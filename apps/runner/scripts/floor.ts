/**
 * `pnpm bench:floor [--runtime node|java|python|all] [--rounds N]`: is the warm read path of each
 * API close to its runtime's floor?
 *
 * For each runtime asked for, every API of that runtime (node: express and grpc-js; java: spring
 * and grpc-java; python: fastapi, flask and grpcio) is measured on item.get (warm) beside a bare
 * reference server of the same runtime and protocol that does one Redis GET of the same key and
 * answers it (scripts/floor/runtime-floors.ts says which), at 1 in flight (p50) and at 32 in
 * flight (throughput), in rounds that alternate which side goes first (A B B A, then B A A B...).
 * It prints the median of the per-round ratios against issue 20's targets: p50 within 1.3x of the
 * reference, throughput at least 0.8x. Exit code 1 when a target is missed.
 *
 * The APIs are started as a run starts them (the engine's ensureServices for the Node services,
 * startRuntimeServices for the Java and Python ones), over an ephemeral Redis and MariaDB unless
 * REDIS_URL / MYSQL_URL are set. All traffic stays on 127.0.0.1; every run is bounded in time.
 * A runtime that cannot be built or started here is reported as skipped, with the reason.
 */
import { parseArgs } from "node:util";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { getWorkload } from "@relix/core";
import { DEFAULT_PAIR, type StackId } from "@relix/core/stacks/stacks";
import type { Runtime, ServiceProcessId } from "@relix/core/stacks/service-processes";
import { getFreePort } from "@relix/io/backends";
import { preflight } from "../src/engine/preflight";
import { startRuntimeServices, type RuntimeServices } from "../src/engine/runtime-services";
import type { ServiceProcess } from "../src/engine/service-processes";
import { stackPort } from "../src/engine/stack-table";
import type { ExtraStackId, ServiceTargets } from "../src/engine/targets";
import { interleavedOrder } from "./floor/interleave";
import { floorIds, measureItemGet, type FloorTarget } from "./floor/measure";
import { startReference } from "./floor/references";
import { parseRuntimes, runtimeFloors, type RuntimeFloor } from "./floor/runtime-floors";
import { floorVerdict, FLOOR_TARGETS, type RoundFigures } from "./floor/verdict";
import { parseCount, parseSeconds, startLocalStack } from "./lib/local-stack";

const { values: options } = parseArgs({
  options: {
    runtime: { type: "string", default: "node" },
    rounds: { type: "string", default: process.env.FLOOR_ROUNDS ?? "2" },
    warmup: { type: "string", default: `${process.env.FLOOR_WARMUP_MS ?? 1_000}ms` },
    window: { type: "string", default: `${process.env.FLOOR_WINDOW_MS ?? 5_000}ms` },
    prime: { type: "string", default: `${process.env.FLOOR_PRIME_MS ?? 3_000}ms` },
  },
});
const runtimes = parseRuntimes(options.runtime);
const rounds = parseCount(options.rounds, "rounds", { min: 1, max: 20 });
const windows = {
  warmupMs: parseSeconds(options.warmup, "warmup", { min: 0, max: 30_000 }),
  windowMs: parseSeconds(options.window, "window", { min: 500, max: 60_000 }),
};
/** A run at 32 in flight of each side before the rounds, not counted: a JIT (the JVM's) compiles its hot paths there. */
const primeMs = parseSeconds(options.prime, "prime", { min: 0, max: 60_000 });

const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");
const floors = runtimeFloors(tsxCli);
const pad = (text: string | number, width: number) => String(text).padStart(width);
const times = (ratio: number) => `${ratio.toFixed(2)}x`;

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

/** The rounds of one API against its reference, interleaved; figures per round. */
async function measurePair(api: FloorTarget, reference: FloorTarget): Promise<RoundFigures[]> {
  const sides = { api, reference };
  if (primeMs > 0) {
    for (const target of [api, reference]) await measureItemGet(target, 32, { warmupMs: 0, windowMs: primeMs });
  }
  const figures: RoundFigures[] = [];
  for (const [first, second] of interleavedOrder(rounds)) {
    const p50 = { [first]: await measureItemGet(sides[first], 1, windows) };
    p50[second] = await measureItemGet(sides[second], 1, windows);
    const rps = { [second]: await measureItemGet(sides[second], 32, windows) };
    rps[first] = await measureItemGet(sides[first], 32, windows);
    figures.push({
      api: { p50Ms: p50.api!.p50Ms, rps: rps.api!.rps },
      reference: { p50Ms: p50.reference!.p50Ms, rps: rps.reference!.rps },
    });
  }
  return figures;
}

async function measureRuntime(
  floor: RuntimeFloor,
  targets: ServiceTargets,
  redisUrl: string,
): Promise<{ lines: string[]; pass: boolean }> {
  const started: ServiceProcess[] = [];
  const lines: string[] = [];
  let pass = true;
  try {
    const references = {
      http: await startReference(floor.references.http, process.env, redisUrl),
      grpc: await startReference(floor.references.grpc, process.env, redisUrl),
    };
    started.push(references.http.process, references.grpc.process);
    for (const api of floor.apis) {
      const reference = floor.references[api.protocol];
      const verdict = floorVerdict(
        await measurePair(
          { name: api.name, protocol: api.protocol, port: stackPort(targets, api.stack) },
          { name: reference.name, protocol: api.protocol, port: references[api.protocol].port },
        ),
      );
      pass &&= verdict.pass;
      const mark = (ok: boolean) => (ok ? "PASS" : "FAIL");
      lines.push(
        `${api.name.padEnd(22)} ${pad(verdict.apiP50Ms.toFixed(3), 9)} ${pad(verdict.referenceP50Ms.toFixed(3), 9)} ` +
          `${pad(times(verdict.p50Ratio), 7)} ${mark(verdict.p50Pass)}  ${pad(verdict.apiRps.toFixed(0), 8)} ` +
          `${pad(verdict.referenceRps.toFixed(0), 8)} ${pad(times(verdict.rpsRatio), 7)} ${mark(verdict.rpsPass)}  (${reference.name})`,
      );
    }
  } finally {
    await Promise.all(started.map((child) => child.stop()));
  }
  return { lines, pass };
}

/** Not a target: Express's own floor for this route, for reading the REST row of the Node runtime. */
async function expressYardstick(redisUrl: string): Promise<string> {
  const yardstick = await startReference(
    {
      name: "bare Express 5 + GET",
      command: process.execPath,
      args: [tsxCli, fileURLToPath(new URL("./floor/reference-express.ts", import.meta.url))],
    },
    process.env,
    redisUrl,
  );
  try {
    const target: FloorTarget = { name: "bare Express 5 + GET", protocol: "http", port: yardstick.port };
    const [p50, rps] = [await measureItemGet(target, 1, windows), await measureItemGet(target, 32, windows)];
    return (
      `${target.name.padEnd(22)} ${pad(p50.p50Ms.toFixed(3), 9)} ms p50, ${rps.rps.toFixed(0)} rps ` +
      `(not a target: Express's own floor for this route, for reading the REST row)`
    );
  } finally {
    await yardstick.process.stop();
  }
}

async function main() {
  const stack = await startLocalStack(process.env);
  const measured = runtimes.map((runtime: Runtime) => floors[runtime]);
  const targets = await withRuntimePorts(stack.targets, measured);
  const startedRuntimes: RuntimeServices[] = [];
  const skipped = new Map<Runtime, string>();
  let pass = true;
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

    console.log(
      `item.get warm, ${rounds} rounds (A B B A, then B A A B...) of ${windows.windowMs / 1000} s windows after ` +
        `${windows.warmupMs / 1000} s warm-up, ${primeMs / 1000} s priming per server; p50 at 1 in flight, rps at 32; ` +
        `medians of the per-round ratios`,
    );
    console.log(
      `${"".padEnd(22)} ${pad("p50 ms", 9)} ${pad("ref ms", 9)} ${pad("ratio", 7)} ${"".padEnd(4)}  ${pad("rps", 8)} ` +
        `${pad("ref rps", 8)} ${pad("ratio", 7)}       target: p50 <= ${FLOOR_TARGETS.p50RatioAtMost}x, rps >= ${FLOOR_TARGETS.rpsRatioAtLeast}x`,
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
      if (floor.runtime === "node") console.log(await expressYardstick(stack.redisUrl));
    }
    process.exitCode = pass ? 0 : 1;
  } finally {
    await Promise.all(startedRuntimes.map((runtime) => runtime.stop()));
    await stack.stop();
  }
}

await main();
