/**
 * Every stack through the engine, against the real services (both processes serving all six
 * stacks, as the runner starts them) driven by the real autocannon, h2load and ghz, with windows
 * short enough for CI. What is asserted is what a user reads in a result.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  defaultWorkloadParams,
  getWorkload,
  workloads,
  runResultSchema,
  runSpecSchema,
  type CellResult,
  type ProtocolMeasure,
  type RunResult,
  type StackId,
} from "@relix/core";
import type { EngineContext } from "./engine-context";
import { generatorFor, generatorRegistry } from "./measure/generators/registry";
import type { LoadGenerator } from "./measure/load-generator";
import { measureProtocol, singleRunPlan } from "./measure/measure-protocol";
import { preflight, PreflightMismatchError } from "./launch/preflight";
import { runBenchmark } from "./run-benchmark";
import type { RunEvent } from "./run-events";
import { stackBaseUrl, StackNotServedError } from "./plan/stack-table";
import type { ServiceTargets } from "./launch/targets";
import { testEngineContext } from "./testing/engine-context";
import { startLocalServices, type LocalServices } from "./testing/local-services";
import { stacksOfRuntime } from "@relix/core/stacks/stacks";

/** The six stacks the Node services serve (the other runtimes': runtime-stacks.test.ts). */
const stackIds = stacksOfRuntime("node");

let local: LocalServices;
let context: EngineContext;

beforeAll(async () => {
  local = await startLocalServices();
  context = await testEngineContext(local.targets);
});

afterAll(async () => {
  await local?.services.stop();
});

/**
 * Every stack's measure by its own tool in every trial of a cell, by stack (the pair's from
 * toolClients when the cell was measured with one client for both too).
 */
function measuresByStack(cell: CellResult): Map<StackId, ProtocolMeasure[]> {
  const tools = cell.toolClients?.trials ?? cell.trials;
  const byStack = new Map<StackId, ProtocolMeasure[]>([
    ["express", tools.map((t) => t.rest)],
    ["grpc-js", tools.map((t) => t.grpc)],
  ]);
  for (const extra of cell.stacks ?? []) byStack.set(extra.stack, extra.trials);
  return byStack;
}

const short = { connections: 2, warmupMs: 200, durationMs: 800, keyCount: 10 };

describe("noop and item.get through all six stacks, 1 trial, 2 connections", () => {
  let result: RunResult;
  const events: RunEvent[] = [];

  beforeAll(async () => {
    const spec = runSpecSchema.parse({
      ...short,
      workloads: ["noop", "item.get"],
      cacheModes: ["warm"],
      trials: 1,
      stacks: [...stackIds],
    });
    result = await runBenchmark(spec, { services: local.services, context, onEvent: (e) => events.push(e) });
  }, 120_000);

  it("measures every stack with successful requests, each under its own tool", () => {
    expect(() => runResultSchema.parse(JSON.parse(JSON.stringify(result)))).not.toThrow();
    expect(result.cells.map((c) => c.workload)).toEqual(["noop", "item.get"]);
    const tools: Partial<Record<StackId, string>> = {
      express: "autocannon",
      node: "autocannon",
      "node-protobuf": "autocannon",
      h2c: "h2load",
      "grpc-js": "ghz",
      "grpc-js-static": "ghz",
    };
    for (const cell of result.cells) {
      const byStack = measuresByStack(cell);
      expect([...byStack.keys()].sort()).toEqual([...stackIds].sort());
      for (const [stack, measures] of byStack) {
        for (const m of measures) {
          expect(m.requests, `${cell.workload} ${stack}`).toBeGreaterThan(0);
          expect(m.errors.total, `${cell.workload} ${stack}`).toBe(0);
          expect(m.generator.tool, stack).toBe(tools[stack]);
        }
      }
      expect(cell.stacks!.map((s) => s.stack)).toEqual(["node", "node-protobuf", "h2c", "grpc-js-static"]);
      for (const extra of cell.stacks!) {
        // the extra stacks are named; express and grpc-js stay unnamed, as before stacks
        expect(extra.trials[0]!.stack).toBe(extra.stack);
        expect(extra.summary.requests).toBeGreaterThan(0);
      }
      expect(cell.rest.stack).toBeUndefined();
      expect(cell.grpc.stack).toBeUndefined();
    }
    // each stack's body sizes in its own encoding: item.get's protobuf body is smaller than its JSON body
    const item = result.cells[1]!;
    for (const extra of item.stacks!) expect(extra.payload.responseBodyBytes, extra.stack).toBeGreaterThan(0);
    const nodeProtobuf = item.stacks!.find((s) => s.stack === "node-protobuf")!;
    expect(nodeProtobuf.payload.responseBodyBytes).toBeLessThan(item.payload.rest.responseBodyBytes);
  });

  it("compares each extra stack with express and with grpc-js, and walks the four layers", () => {
    for (const cell of result.cells) {
      const pairs = cell.stackComparisons!.map((p) => `${p.from}->${p.to}`);
      expect(pairs).toEqual([
        "express->node",
        "grpc-js->node",
        "express->node-protobuf",
        "grpc-js->node-protobuf",
        "express->h2c",
        "grpc-js->h2c",
        "express->grpc-js-static",
        "grpc-js->grpc-js-static",
      ]);
      for (const pair of cell.stackComparisons!) {
        expect(pair.comparisons.map((c) => c.metric)).toEqual(["p50", "p99", "rps", "capacity"]);
        for (const c of pair.comparisons) expect([pair.from, pair.to, "none"]).toContain(c.winner);
      }
      expect(cell.layers!.map((l) => [l.layer, l.from, l.to])).toEqual([
        ["framework", "express", "node"],
        ["encoding", "node", "node-protobuf"],
        ["transport", "node", "h2c"],
        ["codec", "grpc-js", "grpc-js-static"],
      ]);
      for (const layer of cell.layers!) {
        expect(layer.text).toMatch(
          new RegExp(`^on ${cell.workload.replace(".", "\\.")}, .*\\(${layer.from} -> ${layer.to}\\): `),
        );
        expect(layer.text).toContain("at p50");
      }
    }
  });

  it("splits each stack's server time into service, codec and rest, adding up within 5%", () => {
    for (const cell of result.cells) {
      for (const [stack, measures] of measuresByStack(cell)) {
        for (const m of measures) {
          const split = m.server.split!;
          const total = m.server.serverTimeMsMean!;
          expect(split, `${cell.workload} ${stack}`).toBeTruthy();
          expect(split.serviceMs, stack).toBeGreaterThan(0);
          expect(Math.abs(split.serviceMs + split.codecMs + split.restMs - total) / total, stack).toBeLessThan(0.05);
        }
      }
    }
  });

  it("records the stack order, names the stack in its events, and counts every stack in the progress", () => {
    for (const cell of result.cells) expect([...cell.trials[0]!.stackOrder!].sort()).toEqual([...stackIds].sort());
    const starts = events.filter((e): e is Extract<RunEvent, { type: "cell-start" }> => e.type === "cell-start");
    expect(starts).toHaveLength(2 * 6);
    expect(starts.every((e) => e.cell.total === 12 && e.cell.stack !== undefined)).toBe(true);
    expect(starts.filter((e) => e.cell.stack === "h2c").map((e) => e.cell.protocol)).toEqual(["rest", "rest"]);
  });
});

describe("preflight on every stack", () => {
  it("finds the same data on all six stacks for every workload of the catalog, in each of its cache modes", async () => {
    const params = { ...defaultWorkloadParams, keyCount: 2, payloadBytes: 64 * 1024, streamMessages: 5 };
    for (const workload of workloads) {
      for (const cacheMode of workload.usesCache ? (["warm", "cold"] as const) : (["warm"] as const)) {
        const sizes = await preflight(
          local.targets,
          workload,
          workload.requests(params),
          cacheMode,
          undefined,
          stackIds,
        );
        expect(Object.keys(sizes.stacks).sort(), workload.id).toEqual([
          "grpc-js-static",
          "h2c",
          "node",
          "node-protobuf",
        ]);
      }
    }
  }, 120_000);
});

describe("request bodies under load", () => {
  it("node-protobuf (protobuf bodies, a client stream's messages delimited) and h2c answer every call of the body workloads", async () => {
    const spec = runSpecSchema.parse({ ...short, workloads: ["echo"], durationMs: 500, payloadBytes: 16 * 1024 });
    for (const workload of ["echo", "upload.stream", "image.raw", "math.dot"]) {
      for (const stack of ["node-protobuf", "h2c"] as const) {
        const m = await measureProtocol(singleRunPlan(workload, "rest", spec, undefined, stack), context, () => {});
        expect(m.stack, workload).toBe(stack);
        expect(m.requests, `${workload} on ${stack}`).toBeGreaterThan(0);
        expect(m.errors, `${workload} on ${stack}`).toEqual({ total: 0, byCode: {} });
      }
    }
  }, 60_000);
});

describe("the stack order rotates from trial to trial", () => {
  it("puts a different stack first in each trial, the rest in the same cycle", async () => {
    const spec = runSpecSchema.parse({
      ...short,
      durationMs: 500,
      workloads: ["noop"],
      trials: 2,
      stacks: ["express", "node", "grpc-js"],
    });
    const result = await runBenchmark(spec, { services: local.services, context });
    const [first, second] = result.cells[0]!.trials.map((t) => t.stackOrder!);
    expect(first).toEqual(["express", "node", "grpc-js"]);
    expect(second).toEqual(["node", "grpc-js", "express"]);
    // `order` keeps saying which of REST and gRPC ran first
    expect(result.cells[0]!.trials.map((t) => t.order)).toEqual([
      ["rest", "grpc"],
      ["grpc", "rest"],
    ]);
    expect(result.cells[0]!.layers!.map((l) => l.layer)).toEqual(["framework"]);
  }, 60_000);
});

describe("a run of the default two stacks reads as before", () => {
  it("has no stacks, stack comparisons, layers or stack order, and keeps today's alternation", async () => {
    const spec = runSpecSchema.parse({ ...short, durationMs: 500, workloads: ["noop"], trials: 2 });
    const result = await runBenchmark(spec, { services: local.services, context });
    const cell = result.cells[0]!;
    expect(cell).not.toHaveProperty("stacks");
    expect(cell).not.toHaveProperty("stackComparisons");
    expect(cell).not.toHaveProperty("layers");
    expect(cell.trials.map((t) => t.order)).toEqual([
      ["rest", "grpc"],
      ["grpc", "rest"],
    ]);
    expect(cell.trials.every((t) => !("stackOrder" in t))).toBe(true);
    // the split is there on both sides all the same
    expect(cell.rest.server.split?.serviceMs).toBeGreaterThan(0);
  }, 60_000);
});

/** A node stack double: the real node stack's answers, item.get's name changed. */
async function startLyingNodeStack(real: ServiceTargets) {
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const upstream = await fetch(`${stackBaseUrl(real, "node")}${req.url}`, {
      headers: req.headers as Record<string, string>,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const lied = req.url?.startsWith("/v1/items/")
      ? Buffer.from(JSON.stringify({ ...(JSON.parse(body.toString()) as object), name: "Relix.Api.Models.ItemDto" }))
      : body;
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" }).end(lied);
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("a stack answering differently, not served, or not drivable refuses the run before measuring", () => {
  it("a load its generator cannot run is refused up front, naming the stack and the cell", async () => {
    const closedLoopOnly: LoadGenerator = {
      ...generatorFor(context.generators, "node"),
      cannotRun: (spec) => (spec.rate ? "no request rate for an open loop" : null),
    };
    const generators = generatorRegistry([closedLoopOnly, generatorFor(context.generators, "grpc-js")]);
    const spec = runSpecSchema.parse({
      ...short,
      rate: 50,
      workloads: ["noop"],
      stacks: ["express", "node", "grpc-js"],
    });
    const events: RunEvent[] = [];
    const attempt = runBenchmark(spec, {
      services: local.services,
      context: { ...context, generators },
      onEvent: (e) => events.push(e),
    });
    await expect(attempt).rejects.toThrow(
      /the express stack cannot be driven \(noop: no request rate for an open loop\); the node stack cannot be driven/,
    );
    // Refused before anything was started or checked, not after the services came up.
    expect(events.some((e) => e.type === "phase")).toBe(false);
    // a stack nothing is registered for is refused the same way
    const withoutH2load = generatorRegistry([
      generatorFor(context.generators, "express"),
      generatorFor(context.generators, "grpc-js"),
    ]);
    await expect(
      runBenchmark(runSpecSchema.parse({ ...short, workloads: ["noop"], stacks: ["express", "h2c", "grpc-js"] }), {
        services: local.services,
        context: { ...context, generators: withoutH2load },
      }),
    ).rejects.toThrow(/the h2c stack cannot be driven \(no load generator is registered for the h2c stack\)/);
  });

  it("preflight names the stack whose answer differs from grpc-js's, and where", async () => {
    const fake = await startLyingNodeStack(local.targets);
    try {
      const targets: ServiceTargets = {
        ...local.targets,
        stackPorts: { ...local.targets.stackPorts, node: fake.port },
      };
      const attempt = preflight(targets, getWorkload("item.get"), [{ id: 1 }], "warm", undefined, [
        "express",
        "node",
        "grpc-js",
      ]);
      await expect(attempt).rejects.toBeInstanceOf(PreflightMismatchError);
      await expect(attempt).rejects.toThrow(
        /^preflight: item\.get answers differ between the node stack and grpc-js, refusing to measure \(\$\.name: node "Relix\.Api\.Models\.ItemDto" vs grpc-js "/,
      );
      // the same double, run through the engine: nothing is measured
      const events: RunEvent[] = [];
      const spec = runSpecSchema.parse({ ...short, workloads: ["item.get"], stacks: ["express", "node", "grpc-js"] });
      await expect(
        runBenchmark(spec, {
          services: local.services,
          context: { ...context, targets },
          onEvent: (e) => events.push(e),
        }),
      ).rejects.toThrow(/between the node stack and grpc-js/);
      expect(events.some((e) => e.type === "cell-start")).toBe(false);
    } finally {
      await fake.close();
    }
  });

  it("preflight holds every answer to the pair's gRPC stack, and names the pair when its REST side differs", async () => {
    const fake = await startLyingNodeStack(local.targets);
    try {
      const targets: ServiceTargets = {
        ...local.targets,
        stackPorts: { ...local.targets.stackPorts, node: fake.port },
      };
      const pair = { rest: "node", grpc: "grpc-js-static" } as const;
      const attempt = preflight(
        targets,
        getWorkload("item.get"),
        [{ id: 1 }],
        "warm",
        undefined,
        ["express", "node", "grpc-js", "grpc-js-static"],
        pair,
      );
      await expect(attempt).rejects.toBeInstanceOf(PreflightMismatchError);
      await expect(attempt).rejects.toThrow(
        /^preflight: item\.get answers differ between node and grpc-js-static, refusing to measure \(\$\.name: node "Relix\.Api\.Models\.ItemDto" vs grpc-js-static "/,
      );
      // The honest stacks agree with the pair's reference, and the sizes are the pair's.
      const sizes = await preflight(
        local.targets,
        getWorkload("item.get"),
        [{ id: 1 }],
        "warm",
        undefined,
        ["express", "grpc-js", "grpc-js-static"],
        { rest: "express", grpc: "grpc-js-static" },
      );
      expect(Object.keys(sizes.stacks)).toEqual(["grpc-js"]);
      expect(sizes.grpc.responseBodyBytes).toBe(sizes.stacks["grpc-js"]!.responseBodyBytes);
      expect(sizes.rest.responseBodyBytes).toBeGreaterThan(sizes.grpc.responseBodyBytes);
    } finally {
      await fake.close();
    }
  });

  it("a stack without a port, or with nothing listening, is named with what would fix it", async () => {
    const spec = runSpecSchema.parse({
      ...short,
      workloads: ["noop"],
      stacks: ["express", "h2c", "grpc-js-static", "grpc-js"],
    });
    const { h2c: _off, ...others } = local.targets.stackPorts!;
    const free = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const targets: ServiceTargets = { ...local.targets, stackPorts: { ...others, "grpc-js-static": free } };
    const events: RunEvent[] = [];
    const attempt = runBenchmark(spec, {
      services: local.services,
      context: { ...context, targets },
      onEvent: (e) => events.push(e),
    });
    await expect(attempt).rejects.toBeInstanceOf(StackNotServedError);
    await expect(attempt).rejects.toThrow(/no port is configured for the h2c stack \(H2C_PORT is "off"\)/);
    await expect(attempt).rejects.toThrow(
      new RegExp(`grpc-js-static stack's port 127\\.0\\.0\\.1:${free} accepts no connection`),
    );
    expect(events.some((e) => e.type === "phase" && e.phase === "preflight")).toBe(false);
  }, 30_000);
});
