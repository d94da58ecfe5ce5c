import { describe, expect, it } from "vitest";
import { optionalStackIds, sidePortVariables } from "./port-variables";
import { serviceProcesses } from "./service-processes";
import { cellPair, pairOfStacks } from "./stack-pair";
import { DEFAULT_PAIR, layerSteps, stackIds, stackRecord, stacksDrivenByTool, stacksOfProcess } from "./stacks";

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

  it("walk from express to grpc-js one layer at a time, as results always did", () => {
    expect(layerSteps).toEqual([
      { layer: "framework", from: "express", to: "node" },
      { layer: "encoding", from: "node", to: "node-protobuf" },
      { layer: "transport", from: "node", to: "h2c" },
      { layer: "codec", from: "grpc-js", to: "grpc-js-static" },
    ]);
  });

  it("derive what each tool drives and each process serves", () => {
    expect(stacksDrivenByTool("autocannon")).toEqual(["express", "node", "node-protobuf"]);
    expect(stacksDrivenByTool("h2load")).toEqual(["h2c"]);
    expect(stacksDrivenByTool("ghz")).toEqual(["grpc-js", "grpc-js-static"]);
    expect(stacksOfProcess("node-grpc")).toEqual(["grpc-js", "grpc-js-static"]);
    expect(optionalStackIds).not.toContain(DEFAULT_PAIR.rest);
    expect(optionalStackIds).not.toContain(DEFAULT_PAIR.grpc);
  });
});

describe("the pair a run compares", () => {
  it("is express against grpc-js whenever the run measures them", () => {
    expect(pairOfStacks(stackIds)).toEqual(DEFAULT_PAIR);
    expect(cellPair({})).toEqual(DEFAULT_PAIR);
  });

  it("is the first REST and the first gRPC stack otherwise, and none without both families", () => {
    expect(pairOfStacks(["grpc-js-static", "h2c", "node"])).toEqual({ rest: "node", grpc: "grpc-js-static" });
    expect(pairOfStacks(["node", "h2c"])).toBeNull();
    expect(cellPair({ pair: { rest: "node", grpc: "grpc-js-static" } })).toEqual({ rest: "node", grpc: "grpc-js-static" });
  });
});
