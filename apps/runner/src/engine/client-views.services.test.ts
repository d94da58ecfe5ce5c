/**
 * Which client a cell's headline rests on, against the real services, is fixed by the spec before
 * the run: `clients: both` on meteorites.get (ghz decodes 1,000 records through reflection,
 * autocannon parses nothing) measures the cell again with one client for both in the same trials,
 * its headline rests on that, the tools' figure stands beside it and the walk gains a client step
 * per side; `clients: tools` keeps the tools alone whatever their CPU per call.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResultSchema, runSpecSchema } from "@relix/core";
import { answerOf } from "@relix/core/render/answer/answer";
import { renderTableReport } from "@relix/core/render/terminal/table";
import type { EngineContext } from "./engine-context";
import { runBenchmark } from "./run-benchmark";
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

describe("a run that asks for both views", () => {
  it("measures with equal clients too: the headline is theirs, the tools' figure and the client steps beside it", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["meteorites.get"],
      cacheModes: ["warm"],
      clients: "both",
      warmupMs: 500,
      durationMs: 2_000,
      trials: 1,
      connections: 4,
    });
    const result = await runBenchmark(spec, { services: local.services, context, runId: "client-views-test" });
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    const [cell] = result.cells;

    // The headline is the equal client's, on both sides.
    expect(cell!.rest.generator.tool).toBe("relix-load");
    expect(cell!.grpc.generator.tool).toBe("relix-load");
    expect(cell!.trials[0]!.grpc.client?.errorsCountedBy).toBe("grpc-status");
    expect(cell!.rest.errors.total + cell!.grpc.errors.total).toBe(0);

    // Latency at one call in flight rests on the same client as the headline.
    expect(cell!.lightLoad?.rest.generator.tool).toBe("relix-load");
    expect(cell!.lightLoad?.grpc.generator.tool).toBe("relix-load");
    expect(cell!.questions?.latency.load).toBe("one-in-flight");

    // The tools' own measurement, kept beside it, for the reason the spec gave.
    const tools = cell!.toolClients!;
    expect(tools.rest.generator.tool).toBe("autocannon");
    expect(tools.grpc.generator.tool).toBe("ghz");
    expect(tools.reason).toBe("asked");
    expect(tools.comparisons.find((c) => c.metric === "p50")).toBeDefined();
    // The child tools' CPU was read over the windows alone (their start-up left out); autocannon's, in
    // the runner's own process, over its run.
    expect([cell!.rest, cell!.grpc, tools.grpc].map((s) => s.generator.cpuSpan)).toEqual([
      "window",
      "window",
      "window",
    ]);
    expect(tools.rest.generator.cpuSpan).toBeUndefined();

    // The tools' verdict is kept beside the headline, in their own words.
    expect(tools.verdict).toMatch(/p50/);

    // One client step per side, each on its own server, with its interval.
    expect(cell!.clientSteps?.map((s) => [s.side, s.stack, s.from, s.to])).toEqual([
      ["rest", "express", "autocannon", "relix-load"],
      ["grpc", "grpc-js", "ghz", "relix-load"],
    ]);
    for (const step of cell!.clientSteps!) expect(step.comparisons.some((c) => c.metric === "p50")).toBe(true);

    // What a reader sees: the steps in the walk, the tools' figure in the terminal, the note once.
    const report = renderTableReport(result);
    expect(report).toContain("Clients: the tools beside one client for both");
    expect(report).toContain("ghz on grpc-js");
    expect(report).toContain("CPU per call, both ends");
    expect(report).not.toContain("CLIENTS UNEQUAL for meteorites.get");
    // Where the tools' own p50 names a side, the reader is told the load generator made most of
    // that gap; where it names none (one block per side, or within the margin), there is no gap to split.
    const toolsP50 = tools.comparisons.find((c) => c.metric === "p50")!;
    expect(answerOf(result).why).toMatch(
      toolsP50.winner === "none"
        ? /^no layer changed p50 beyond its interval/
        : /^the load generator, not the protocol, made most of the tools. gap/,
    );
  }, 120_000);
});

describe("a run that asks for the tools", () => {
  it("keeps them alone, whatever their CPU per call: nothing the run reads changes the headline's client", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["noop"],
      clients: "tools",
      warmupMs: 500,
      durationMs: 1_000,
      trials: 1,
    });
    const result = await runBenchmark(spec, { services: local.services, context, runId: "client-views-tools" });
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    const [cell] = result.cells;
    // ghz spends 1.4x autocannon's CPU per call or more on noop here, which once added a second view.
    expect(cell!.toolClients).toBeUndefined();
    expect(cell!.toolsAlone).toBeUndefined();
    expect([cell!.rest.generator.tool, cell!.grpc.generator.tool]).toEqual(["autocannon", "ghz"]);
    expect([cell!.lightLoad?.rest.generator.tool, cell!.lightLoad?.grpc.generator.tool]).toEqual(["autocannon", "ghz"]);
  }, 120_000);
});

describe("a run that asks for both views in an open loop", () => {
  const spec = runSpecSchema.parse({
    workloads: ["item.get"],
    cacheModes: ["warm"],
    clients: "both",
    rate: 200,
    warmupMs: 300,
    durationMs: 1_000,
    trials: 1,
    connections: 4,
  });

  it("measures both views: the client for both paces an open loop too", async () => {
    const result = await runBenchmark(spec, { services: local.services, context, runId: "open-loop-both-test" });
    const [cell] = result.cells;
    expect([cell!.rest.generator.tool, cell!.grpc.generator.tool]).toEqual(["relix-load", "relix-load"]);
    expect(cell!.toolClients).toBeDefined();
    expect(cell!.toolsAlone).toBeUndefined();
    expect(result.facts?.some((f) => f.kind === "equal-clients-unavailable") ?? false).toBe(false);
  }, 120_000);

  it("measures with the tools alone where the client for both is not built, and says the verdict rests on them", async () => {
    const notBuilt: EngineContext = {
      ...context,
      tools: { ...context.tools, "relix-load": { name: "relix-load", path: null, problem: "relix-load not found" } },
    };
    const warnings: string[] = [];
    const result = await runBenchmark(spec, {
      services: local.services,
      context: notBuilt,
      runId: "one-view-test",
      onEvent: (event) => {
        if (event.type === "warning") warnings.push(event.message);
      },
    });
    const [cell] = result.cells;
    expect(cell!.rest.generator.tool).toBe("autocannon");
    expect(cell!.grpc.generator.tool).toBe("ghz");
    expect(cell!.toolClients).toBeUndefined();
    // The cell says why it has one view: the runner's own refusal, and the tools' factor beside it.
    expect(cell!.toolsAlone).toMatchObject({
      because: "equal-view-unavailable",
      refusal: expect.stringMatching(/relix-load, the client for both, is not built/),
    });
    expect(cell!.toolsAlone!.cpuFactor).toBeGreaterThanOrEqual(1);
    expect(result.facts).toContainEqual(
      expect.objectContaining({ kind: "equal-clients-unavailable", workloads: ["item.get"] }),
    );
    expect(warnings.some((w) => /^ONE VIEW ONLY for item\.get: .*its verdict rests on the tools alone/.test(w))).toBe(
      true,
    );
    expect(renderTableReport(result)).toMatch(/ONE VIEW ONLY for item\.get: .*not built/);
  }, 120_000);
});
