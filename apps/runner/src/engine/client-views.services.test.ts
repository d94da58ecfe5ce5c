/**
 * A tools run against the real services where ghz spends many times autocannon's CPU per call
 * (meteorites.get: ghz decodes 1,000 records through reflection, autocannon parses nothing): the
 * cell is measured again with one client for both in the same trials, its verdict rests on that,
 * the tools' figure stands beside it and the walk gains a client step per side.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EQUAL_VIEW_CPU_FACTOR, runResultSchema, runSpecSchema } from "@relix/core";
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

describe("a cell whose tools are unequal", () => {
  it("is also measured with equal clients: the verdict is theirs, the tools' figure and the client steps beside it", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["meteorites.get"],
      cacheModes: ["warm"],
      clients: "tools",
      warmupMs: 500,
      durationMs: 2_000,
      trials: 1,
      connections: 4,
    });
    const result = await runBenchmark(spec, { services: local.services, context, runId: "client-views-test" });
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    const [cell] = result.cells;

    // The headline is the equal client's, on both sides.
    expect(cell!.rest.generator.tool).toBe("h2load");
    expect(cell!.grpc.generator.tool).toBe("h2load");
    expect(cell!.trials[0]!.grpc.client?.errorsCountedBy).toBe("server-counters");
    expect(cell!.rest.errors.total + cell!.grpc.errors.total).toBe(0);

    // The tools' own measurement, kept beside it, with the factor that called for both.
    const tools = cell!.toolClients!;
    expect(tools.rest.generator.tool).toBe("autocannon");
    expect(tools.grpc.generator.tool).toBe("ghz");
    expect(tools.cpuFactor).toBeGreaterThan(2);
    expect(tools.comparisons.find((c) => c.metric === "p50")).toBeDefined();
    // The child tools' CPU was read over the windows alone (their start-up left out); autocannon's, in
    // the runner's own process, over its run.
    expect([cell!.rest, cell!.grpc, tools.grpc].map((s) => s.generator.cpuSpan)).toEqual([
      "window",
      "window",
      "window",
    ]);
    expect(tools.rest.generator.cpuSpan).toBeUndefined();

    // The verdict sentence says both, and names the tools.
    expect(cell!.verdict).toContain("with one client for both (h2load)");
    expect(cell!.verdict).toContain("autocannon vs ghz said");

    // One client step per side, each on its own server, with its interval.
    expect(cell!.clientSteps?.map((s) => [s.side, s.stack, s.from, s.to])).toEqual([
      ["rest", "express", "autocannon", "h2load"],
      ["grpc", "grpc-js", "ghz", "h2load"],
    ]);
    for (const step of cell!.clientSteps!) expect(step.comparisons.some((c) => c.metric === "p50")).toBe(true);

    // What a reader sees: the steps in the walk, the tools' figure in the terminal, the note once.
    const report = renderTableReport(result);
    expect(report).toContain("Clients: the tools beside one client for both");
    expect(report).toContain("ghz on grpc-js");
    expect(report).toContain("CPU per call, both ends");
    expect(report).not.toContain("CLIENTS UNEQUAL for meteorites.get");
    expect(answerOf(result).why).toMatch(/^the load generator, not the protocol, made most of the tools. gap/);
  }, 120_000);
});

describe("a cell whose tools are only a little unequal", () => {
  it("is measured both ways when their CPU per call is more than 1.1x apart, and says the factor when not", async () => {
    // noop: autocannon and ghz spent CPU per call 1.4-1.8x apart on one machine, yet their verdict
    // differed from one client's for both (EQUAL_VIEW_CPU_FACTOR says why). How far apart they are
    // depends on the machine and its load (autocannon shares the runner's process), so the test holds
    // the engine to its rule on the factor it measured; it must not hang on a warm-up either way.
    const spec = runSpecSchema.parse({
      workloads: ["noop"],
      clients: "tools",
      warmupMs: 500,
      durationMs: 1_000,
      trials: 1,
    });
    const result = await runBenchmark(spec, { services: local.services, context, runId: "client-views-small" });
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    const [cell] = result.cells;
    const factor = cell!.toolClients ? cell!.toolClients.cpuFactor : cell!.toolsAlone?.cpuFactor;
    console.log(`noop: the tools' CPU per call ${factor?.toFixed(2)}x apart in the warm-ups`);
    // The warm-ups' factor is the two tools' own figures, heavier over lighter: never exactly 1 (two
    // programs' CPU per call do not tie), whatever the machine. Their slices' figures are printed
    // beside it; the two are not compared, since a 0.5 s warm-up and a loaded machine move them apart.
    const tools = cell!.toolClients ?? cell!;
    const slices = [tools.rest, tools.grpc].map((side) => side.generator.cpuMsPerRequest!);
    console.log(`noop: the tools' slices ${slices.map((ms) => ms.toFixed(4)).join(" / ")} ms a call`);
    expect(factor).toBeGreaterThan(1);
    if (factor! > EQUAL_VIEW_CPU_FACTOR) {
      expect(cell!.toolClients?.reason ?? "unequal-tools").toBe("unequal-tools");
      expect(cell!.toolsAlone).toBeUndefined();
      expect([cell!.rest.generator.tool, cell!.grpc.generator.tool]).toEqual(["h2load", "h2load"]);
      expect(cell!.verdict).toContain("with one client for both (h2load)");
    } else {
      expect(cell!.toolClients).toBeUndefined();
      expect(cell!.toolsAlone?.because).toBe("within-factor");
      expect([cell!.rest.generator.tool, cell!.grpc.generator.tool]).toEqual(["autocannon", "ghz"]);
      expect(cell!.verdict).not.toContain("one client for both");
    }
  }, 120_000);
});

describe("a run that asks for both views where one client for both cannot drive the load", () => {
  it("measures with the tools and says the verdict rests on them alone", async () => {
    const spec = runSpecSchema.parse({
      workloads: ["item.get"],
      cacheModes: ["warm"],
      clients: "both",
      // An open loop: h2load's only rate paces new connections, not requests.
      rate: 200,
      warmupMs: 300,
      durationMs: 1_000,
      trials: 1,
      connections: 4,
    });
    const warnings: string[] = [];
    const result = await runBenchmark(spec, {
      services: local.services,
      context,
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
      refusal: expect.stringMatching(/open loop|closed loop/),
    });
    expect(cell!.toolsAlone!.cpuFactor).toBeGreaterThanOrEqual(1);
    expect(result.facts).toContainEqual(
      expect.objectContaining({ kind: "equal-clients-unavailable", workloads: ["item.get"] }),
    );
    expect(warnings.some((w) => /^ONE VIEW ONLY for item\.get: .*its verdict rests on the tools alone/.test(w))).toBe(
      true,
    );
    expect(renderTableReport(result)).toMatch(/ONE VIEW ONLY for item\.get: .*open loop/);
  }, 120_000);
});
