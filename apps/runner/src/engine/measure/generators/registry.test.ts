import { describe, expect, it } from "vitest";
import type { LoadGenerator } from "../load-generator";
import { generatorFor, generatorRegistry, LOAD_GENERATORS, registeredGenerators } from "./registry";

const fake = (measures: "rest" | "grpc", tool: string, stacks?: LoadGenerator["stacks"]): LoadGenerator => ({
  measures,
  tool,
  ...(stacks ? { stacks } : {}),
  statsUrl: () => "http://127.0.0.1:1",
  version: async () => null,
  run: async () => {
    throw new Error("not run here");
  },
});

describe("the load-generator registry", () => {
  it("looks a generator up by stack: autocannon for the HTTP/1.1 stacks, h2load for h2c, ghz for both gRPC ones", () => {
    for (const stack of ["express", "node", "node-protobuf"] as const) {
      expect(generatorFor(LOAD_GENERATORS, stack).tool).toBe("autocannon");
    }
    expect(generatorFor(LOAD_GENERATORS, "h2c")).toMatchObject({ tool: "h2load", executable: { name: "h2load" } });
    for (const stack of ["grpc-js", "grpc-js-static"] as const) {
      expect(generatorFor(LOAD_GENERATORS, stack)).toMatchObject({ tool: "ghz", executable: { name: "ghz" } });
    }
    // one entry per tool, however many stacks it drives
    const tools = registeredGenerators(LOAD_GENERATORS).map((g) => g.tool);
    expect(tools).toEqual([...new Set(tools)]);
    expect(tools).toEqual(["autocannon", "ghz", "h2load"]);
  });

  it("files a generator that names no stacks under its protocol's default stack", () => {
    const registry = generatorRegistry([fake("rest", "fetch-loop")]);
    expect([...registry.keys()]).toEqual(["express"]);
  });

  it("refuses two generators for the same stack, and says when nothing is registered", () => {
    expect(() => generatorRegistry([fake("rest", "a"), fake("rest", "b", ["node", "express"])])).toThrow(
      /two load generators drive express: a and b/,
    );
    expect(() => generatorFor(generatorRegistry([fake("rest", "a")]), "grpc-js")).toThrow(
      /no load generator is registered for the grpc-js stack/,
    );
  });
});
