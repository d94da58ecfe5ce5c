/**
 * The Java and Python stacks through the engine: a run that names them starts their servers (the
 * built jars and the Python venv, by their start scripts) beside the Node services, over the test
 * Redis and MariaDB, checks they give the same answers as grpc-js, measures them with the real
 * autocannon and ghz, and stops them when it ends. Windows short enough for CI.
 */
import { existsSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema, type CellResult, type RunResult, type StackId } from "@relix/core";
import { parseCliArgs, type CliRun } from "../cli/args";
import type { EngineContext } from "./engine-context";
import { measureRefusedCalls } from "./testing/refused-calls";
import { runBenchmark } from "./run-benchmark";
import type { RunEvent } from "./run-events";
import { startRuntimeServices, type RuntimeServices } from "./launch/runtime-services";
import { REPO_ROOT } from "./launch/service-build";
import { stackPort, StackNotServedError } from "./plan/stack-table";
import { testEngineContext } from "./testing/engine-context";
import { startLocalServices, type LocalServices } from "./testing/local-services";

let local: LocalServices;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});

afterAll(async () => {
  await local?.services.stop();
});

const short = { connections: 2, warmupMs: 200, durationMs: 1_000, keyCount: 10, trials: 1 };
/** Short JVM priming rounds: the rule's, on rounds a test can wait for. */
const SHORT_PRIMING = { roundMs: 300, maxRounds: 4 };

const TOOLS: Partial<Record<StackId, string>> = {
  express: "autocannon",
  "grpc-js": "ghz",
  spring: "autocannon",
  fastapi: "autocannon",
  "grpc-java": "ghz",
  grpcio: "ghz",
};

/**
 * Every stack's measures by its tool, by stack (express and grpc-js are the cell's rest and grpc,
 * or its toolClients' when the cell was measured with one client for both too).
 */
function measuresByStack(cell: CellResult) {
  const tools = cell.toolClients?.trials ?? cell.trials;
  return new Map([
    ["express", tools.map((t) => t.rest)],
    ["grpc-js", tools.map((t) => t.grpc)],
    ...(cell.stacks ?? []).map((extra) => [extra.stack, extra.trials] as const),
  ]);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** A run of noop and item.get (warm) through express, grpc-js and the two stacks of one runtime. */
function describeRuntimeRun(runtime: string, rest: StackId, grpc: StackId, server: { rest: string; grpc: string }) {
  describe(`${runtime}: noop and item.get warm through express, grpc-js, ${rest} and ${grpc}`, () => {
    let result: RunResult;
    const events: RunEvent[] = [];

    beforeAll(async () => {
      const spec = runSpecSchema.parse({
        ...short,
        workloads: ["noop", "item.get"],
        cacheModes: ["warm"],
        stacks: ["express", "grpc-js", rest, grpc],
      });
      result = await runBenchmark(spec, {
        services: local.services,
        context,
        onEvent: (e) => events.push(e),
        primingRounds: SHORT_PRIMING,
      });
    }, 240_000);

    it("starts their servers, passes the preflight on all four and measures each under its tool, without errors", () => {
      expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
      const messages = events.flatMap((e) => (e.type === "phase" ? [e.message] : []));
      expect(messages.some((m) => m.startsWith(`checking every stack (express, ${rest}, grpc-js, ${grpc})`))).toBe(
        true,
      );
      expect(result.cells.map((c) => c.workload)).toEqual(["noop", "item.get"]);
      for (const cell of result.cells) {
        const byStack = measuresByStack(cell);
        expect([...byStack.keys()].sort()).toEqual(["express", "grpc-js", rest, grpc].sort());
        for (const [stack, measures] of byStack) {
          for (const m of measures) {
            expect(m.requests, `${cell.workload} ${stack}`).toBeGreaterThan(0);
            expect(m.errors, `${cell.workload} ${stack}`).toEqual({ total: 0, byCode: {} });
            expect(m.generator.tool, stack).toBe(TOOLS[stack as StackId]);
            // Their own process's counters: server time and CPU read from their /stats.
            expect(m.server.serverTimeMsMean, `${cell.workload} ${stack}`).toBeGreaterThan(0);
          }
        }
      }
    });

    it("walks the runtime step on each side, naming both servers", () => {
      for (const cell of result.cells) {
        expect(cell.layers!.map((l) => [l.layer, l.from, l.to])).toEqual([
          ["runtime", "express", rest],
          ["runtime", "grpc-js", grpc],
        ]);
        expect(cell.layers![0]!.text).toContain(`${server.rest} in place of Express on Node (express -> ${rest})`);
        expect(cell.layers![1]!.text).toContain(`${server.grpc} in place of grpc-js on Node (grpc-js -> ${grpc})`);
        // The runtime's own REST-against-gRPC answer, beside Node's (the cell's pair).
        const own = cell.stackComparisons!.find((c) => c.from === rest && c.to === grpc);
        expect(own?.comparisons.find((c) => c.metric === "p50")?.ci, cell.workload).toBeTruthy();
      }
    });

    it(`${runtime === "java" ? "primes" : "does not prime"} ${rest} and ${grpc} before measuring, on each cell`, () => {
      const primed = result.facts?.find((f) => f.kind === "jit-primed");
      if (runtime !== "java") {
        expect(primed).toBeUndefined();
        return;
      }
      expect(primed?.kind).toBe("jit-primed");
      if (primed?.kind !== "jit-primed") return;
      // Only the JVM's stacks, each on each cell, in the rounds the rule allows, each round with calls.
      expect(primed.primes.map((p) => `${p.stack} ${p.workload}`).sort()).toEqual(
        [`${grpc} item.get`, `${grpc} noop`, `${rest} item.get`, `${rest} noop`].sort(),
      );
      for (const p of primed.primes) {
        expect(p.rounds, p.stack).toBeGreaterThanOrEqual(3);
        expect(p.rounds, p.stack).toBeLessThanOrEqual(SHORT_PRIMING.maxRounds);
        expect(p.firstRps, p.stack).toBeGreaterThan(0);
        expect(p.roundMs).toBe(SHORT_PRIMING.roundMs);
      }
      const messages = events.flatMap((e) => (e.type === "phase" ? [e.message] : []));
      expect(messages.some((m) => m.startsWith(`priming ${rest}'s compiled code on noop: round 1,`))).toBe(true);
      // Before any trial: the first cell-start comes after the last priming round.
      const lastPriming = events.findLastIndex((e) => e.type === "phase" && e.message.startsWith("priming "));
      expect(events.findIndex((e) => e.type === "cell-start")).toBeGreaterThan(lastPriming);
    });

    it("stops their servers when the run ends", async () => {
      for (const stack of [rest, grpc]) expect(await accepts(stackPort(local.targets, stack)), stack).toBe(false);
    });
  });
}

describeRuntimeRun("python", "fastapi", "grpcio", { rest: "FastAPI on uvicorn (Python)", grpc: "grpcio (Python)" });

// The jars are built by services/java/build.sh (pnpm build:runtimes), which needs a JDK and Maven;
// without them the runner refuses the Java stacks (as the last test here shows for another reason).
const javaBuilt = [
  "services/java/spring-rest/target/relix-spring.jar",
  "services/java/grpc-server/target/relix-grpc-java.jar",
].every((jar) => existsSync(path.join(REPO_ROOT, jar)));
if (javaBuilt) {
  describeRuntimeRun("java", "spring", "grpc-java", { rest: "Spring Boot on the JVM", grpc: "grpc-java on the JVM" });

  describe("java alone: --stacks spring,grpc-java measures them as the pair, without express or grpc-js", () => {
    let result: RunResult;
    const events: RunEvent[] = [];

    beforeAll(async () => {
      // Both views: the tools on the pair and relix-load beside them, so each drives spring and grpc-java.
      const { spec } = parseCliArgs([
        "--workloads",
        "noop",
        "--stacks",
        "spring,grpc-java",
        "--clients",
        "both",
      ]) as CliRun;
      expect(spec.stacks).toEqual(["spring", "grpc-java"]);
      result = await runBenchmark(
        { ...spec, ...short, workloads: ["noop"] },
        { services: local.services, context, onEvent: (e) => events.push(e), primingRounds: SHORT_PRIMING },
      );
    }, 240_000);

    it("checks spring against grpc-java, measures the two as the cell's pair, and names it", () => {
      expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
      const messages = events.flatMap((e) => (e.type === "phase" ? [e.message] : []));
      expect(messages).toContain("checking spring and grpc-java return the same data");
      const [cell] = result.cells;
      expect(cell!.pair).toEqual({ rest: "spring", grpc: "grpc-java" });
      expect(cell!.stacks).toBeUndefined();
      // `clients: both` decides before the run: the tools measure the pair and relix-load drives both
      // beside them in every cell, the headline its, whatever the tools' CPU per call reads.
      expect(cell!.toolClients?.rest.generator.tool).toBe("autocannon");
      expect(cell!.toolClients?.grpc.generator.tool).toBe("ghz");
      expect([cell!.rest.generator.tool, cell!.grpc.generator.tool]).toEqual(["relix-load", "relix-load"]);
      expect(cell!.toolsAlone).toBeUndefined();
      for (const side of [cell!.rest, cell!.grpc]) {
        expect(side.requests).toBeGreaterThan(0);
        expect(side.errors).toEqual({ total: 0, byCode: {} });
        expect(side.server.serverTimeMsMean).toBeGreaterThan(0);
      }
      expect(cell!.payload.grpc.responseBodyBytes).toBe(0);
      // Both questions: latency from the pair again at one call in flight, capacity at the run's 2.
      expect(cell!.verdict).toMatch(/at one call in flight.*calls per core at 2 in flight/);
      // Its events name each stack: this is not the default two.
      const starts = events.filter((e): e is Extract<RunEvent, { type: "cell-start" }> => e.type === "cell-start");
      expect(starts.map((e) => e.cell.stack).sort()).toEqual(["grpc-java", "spring"]);
    });
  });

  describe("java with one client for both: --clients equal reads spring's replies, which carry no reason phrase", () => {
    let result: RunResult;

    beforeAll(async () => {
      const { spec } = parseCliArgs([
        "--workloads",
        "item.get",
        "--stacks",
        "spring,grpc-java",
        "--clients",
        "equal",
      ]) as CliRun;
      result = await runBenchmark(
        { ...spec, ...short, workloads: ["item.get"], cacheModes: ["warm"] },
        { services: local.services, context, primingRounds: SHORT_PRIMING },
      );
    }, 240_000);

    it("measures both sides with relix-load, each call judged by its own status", () => {
      const [cell] = result.cells;
      const [trial] = cell!.trials;
      for (const side of [trial!.rest, trial!.grpc]) {
        expect(side.generator.tool).toBe("relix-load");
        expect(side.requests).toBeGreaterThan(10);
        expect(side.errors).toEqual({ total: 0, byCode: {} });
        expect(side.client?.serverCounted).toBeUndefined();
      }
      expect(trial!.rest.client).toMatchObject({ mode: "equal", http: "1.1", errorsCountedBy: "http-status" });
      expect(trial!.grpc.client).toMatchObject({ mode: "equal", http: "2", errorsCountedBy: "grpc-status" });
      // The pair again at one call in flight, by the same client: latency's answer.
      for (const side of [cell!.lightLoad!.rest, cell!.lightLoad!.grpc]) expect(side.generator.tool).toBe("relix-load");
      expect(cell!.verdict).toMatch(/at one call in flight.*calls per core at 2 in flight/);
    });
  });

  describe("java with one client for both: a call spring refuses is an error by its status line", () => {
    let runtimes: RuntimeServices | undefined;

    beforeAll(async () => {
      runtimes = await startRuntimeServices(context.targets, ["spring"], {
        services: local.services,
        env: context.env,
      });
    }, 120_000);
    afterAll(async () => {
      await runtimes?.stop();
    });

    it("counts spring's 400s, whose status lines carry no reason phrase, never as successes", async () => {
      // spring answers every call 400 ("HTTP/1.1 400 ", no reason phrase); Tomcat also closes the
      // connection after it, so the client reconnects for the next call.
      const measure = await measureRefusedCalls("spring", ["spring", "grpc-java"], short, context);
      expect(measure.generator.tool).toBe("relix-load");
      expect(measure.client).toMatchObject({ mode: "equal", http: "1.1", errorsCountedBy: "http-status" });
      expect(measure.requests).toBe(0);
      expect(measure.errors.total).toBeGreaterThan(10);
      expect(measure.errors.byCode["400"]).toBe(measure.errors.total);
    }, 60_000);
  });
} else {
  describe.skip("java (not built here: run pnpm build:runtimes, which needs a JDK 17 and Maven)", () => {
    it("measures spring and grpc-java", () => {});
  });
}

describe("refusals before anything is started", () => {
  it("refuses a workload a stack does not serve, naming the stack and the workload", async () => {
    const spec = runSpecSchema.parse({
      ...short,
      workloads: ["noop", "stream"],
      stacks: ["express", "grpc-js", "spring"],
    });
    const events: RunEvent[] = [];
    const run = runBenchmark(spec, { services: local.services, context, onEvent: (e) => events.push(e) });
    await expect(run).rejects.toBeInstanceOf(StackNotServedError);
    await expect(run).rejects.toThrow(
      "refusing to measure: the spring stack does not serve stream (it serves noop, item.get, item.list, echo, math.add)",
    );
    // Refused before the services were even checked.
    expect(events).toEqual([]);
  });

  it("refuses the Java and Python stacks over embedded backends, saying why", async () => {
    const spec = runSpecSchema.parse({ ...short, workloads: ["noop"], stacks: ["express", "grpc-js", "fastapi"] });
    const embedded = { ...local.services, backendUrls: undefined };
    await expect(runBenchmark(spec, { services: embedded, context })).rejects.toThrow(
      "fastapi cannot be served over embedded backends",
    );
  });
});
