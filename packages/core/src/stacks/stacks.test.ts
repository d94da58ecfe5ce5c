import { describe, expect, it } from "vitest";
import { optionalStackIds, sidePortVariables } from "./port-variables";
import { serviceProcesses, serviceProcessRecord } from "./service-processes";
import { stackServesWorkload, unservedWorkloadReasons, unservedWorkloads } from "./stack-workloads";
import { workloadIds } from "../catalog/catalog";
import { cellPair, pairOfStacks, runPairOf, runtimePairsOf } from "./stack-pair";
import { completedStacks, withPairStacks } from "./stack-list";
import {
  DEFAULT_PAIR,
  layerSteps,
  stackIds,
  stackRecord,
  stacksDrivenByTool,
  stacksOfProcess,
  stacksOfRuntime,
} from "./stacks";

describe("the stack records", () => {
  it("give every stack and side port a port variable of its own", () => {
    const variables = [
      ...stackIds.map((id) => stackRecord(id).port.variable),
      ...sidePortVariables.map((side) => side.variable),
    ];
    expect(new Set(variables).size).toBe(variables.length);
    const ports = [...stackIds.map((id) => stackRecord(id).port.default), ...sidePortVariables.map((s) => s.default)];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("name a served process and a layer step from a stack of the table", () => {
    for (const id of stackIds) {
      const record = stackRecord(id);
      expect(Object.keys(serviceProcesses)).toContain(record.process);
      if (record.changes) expect(stackIds).toContain(record.changes.from);
      // gRPC runs over HTTP/2 with protobuf; a codec is a gRPC stack's only.
      if (record.family === "grpc") expect([record.transport, record.encoding]).toEqual(["h2c", "protobuf"]);
      else expect(record.codec).toBeUndefined();
    }
  });

  it("walk from express to grpc-js one layer at a time, as results always did, and to each other runtime", () => {
    expect(layerSteps).toEqual([
      { layer: "framework", from: "express", to: "node" },
      { layer: "encoding", from: "node", to: "node-protobuf" },
      { layer: "transport", from: "node", to: "h2c" },
      { layer: "runtime", from: "express", to: "spring" },
      { layer: "runtime", from: "express", to: "fastapi" },
      { layer: "runtime", from: "express", to: "flask" },
      { layer: "codec", from: "grpc-js", to: "grpc-js-static" },
      { layer: "runtime", from: "grpc-js", to: "grpc-java" },
      { layer: "runtime", from: "grpc-js", to: "grpcio" },
    ]);
  });

  it("give each stack of another runtime a process of that runtime with a start script, and the Node ones none", () => {
    expect(stacksOfRuntime("node")).toEqual(["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"]);
    expect(stacksOfRuntime("java")).toEqual(["spring", "grpc-java"]);
    expect(stacksOfRuntime("python")).toEqual(["fastapi", "flask", "grpcio"]);
    for (const id of stackIds) {
      const process = serviceProcessRecord(stackRecord(id).process);
      expect(process.start === undefined, id).toBe(process.runtime === "node");
      // A gRPC process of its own answers for its stack on a side port.
      if (stackRecord(id).family === "grpc") expect(process.sidePort, id).toBeDefined();
    }
  });

  it("derive what each tool drives and each process serves", () => {
    expect(stacksDrivenByTool("autocannon")).toEqual([
      "express",
      "node",
      "node-protobuf",
      "spring",
      "fastapi",
      "flask",
    ]);
    expect(stacksDrivenByTool("h2load")).toEqual(["h2c"]);
    expect(stacksDrivenByTool("ghz")).toEqual(["grpc-js", "grpc-js-static", "grpc-java", "grpcio"]);
    expect(stacksOfProcess("node-grpc")).toEqual(["grpc-js", "grpc-js-static"]);
    expect(optionalStackIds).not.toContain(DEFAULT_PAIR.rest);
    expect(optionalStackIds).not.toContain(DEFAULT_PAIR.grpc);
  });
});

describe("the pair a run compares", () => {
  it("is the spec's own pair when it names one, else the default for its stacks", () => {
    expect(runPairOf({})).toEqual(DEFAULT_PAIR);
    expect(runPairOf({ stacks: ["express", "spring", "grpc-js", "grpc-java"] })).toEqual(DEFAULT_PAIR);
    expect(runPairOf({ stacks: ["spring", "grpc-java"] })).toEqual({ rest: "spring", grpc: "grpc-java" });
    const pair = { rest: "flask", grpc: "grpcio" } as const;
    expect(runPairOf({ stacks: ["express", "grpc-js"], pair })).toEqual(pair);
    expect(withPairStacks({ stacks: ["express", "grpc-js"], pair }).stacks).toEqual([
      "express",
      "flask",
      "grpc-js",
      "grpcio",
    ]);
  });

  it("gives each runtime with a REST and a gRPC stack its own pair", () => {
    expect(runtimePairsOf(["express", "spring", "fastapi", "grpc-js", "grpc-java"])).toEqual([
      { rest: "express", grpc: "grpc-js" },
      { rest: "spring", grpc: "grpc-java" },
    ]);
  });

  it("completes a --stacks list: express and grpc-js for a Node stack or a missing family, other runtimes' pairs as given", () => {
    expect(completedStacks(["node"])).toEqual(["express", "node", "grpc-js"]);
    expect(completedStacks(["spring"])).toEqual(["express", "spring", "grpc-js"]);
    expect(completedStacks(["fastapi", "grpcio"])).toEqual(["fastapi", "grpcio"]);
    expect(completedStacks(["spring", "grpc-java"], { rest: "express", grpc: "grpc-java" })).toEqual([
      "express",
      "spring",
      "grpc-java",
    ]);
  });

  it("is express against grpc-js whenever the run measures them", () => {
    expect(pairOfStacks(stackIds)).toEqual(DEFAULT_PAIR);
    expect(cellPair({})).toEqual(DEFAULT_PAIR);
  });

  it("is the first REST and the first gRPC stack otherwise, and none without both families", () => {
    expect(pairOfStacks(["grpc-js-static", "h2c", "node"])).toEqual({ rest: "node", grpc: "grpc-js-static" });
    expect(pairOfStacks(["node", "h2c"])).toBeNull();
    expect(cellPair({ pair: { rest: "node", grpc: "grpc-js-static" } })).toEqual({
      rest: "node",
      grpc: "grpc-js-static",
    });
  });
});

describe("the workloads a stack serves", () => {
  it("are every workload for the Node stacks, and workloads of the catalog for the others", () => {
    for (const id of stacksOfRuntime("node")) expect(stackRecord(id).workloads, id).toBeUndefined();
    for (const id of stackIds) for (const w of stackRecord(id).workloads ?? []) expect(workloadIds, id).toContain(w);
    expect(stackServesWorkload("express", "meteorites.get")).toBe(true);
    expect(stackServesWorkload("grpc-java", "item.list")).toBe(true);
    expect(stackServesWorkload("grpcio", "item.list")).toBe(false);
  });

  it("name each stack and the workloads it does not serve", () => {
    const unserved = unservedWorkloads(["express", "spring", "grpcio"], ["noop", "item.list", "stream"]);
    expect(unserved).toEqual([
      { stack: "spring", workload: "stream" },
      { stack: "grpcio", workload: "item.list" },
    ]);
    expect(unservedWorkloadReasons(unserved)).toEqual([
      "the spring stack does not serve stream (it serves noop, item.get, item.list, echo, math.add)",
      "the grpcio stack does not serve item.list (it serves noop, item.get, echo, stream, upload, math.add, math.dot, image.raw, image.base64)",
    ]);
  });
});
