import { describe, expect, it } from "vitest";
import type { LoadGenerator } from "../load-generator";
import { generatorFor, generatorRegistry, LOAD_GENERATORS } from "./registry";

const fake = (measures: "rest" | "grpc", tool: string): LoadGenerator => ({
  measures,
  tool,
  statsUrl: () => "http://127.0.0.1:1",
  version: async () => null,
  run: async () => {
    throw new Error("not run here");
  },
});

describe("the load-generator registry", () => {
  it("has one generator per protocol: autocannon for REST, ghz (an executable to find) for gRPC", () => {
    expect(generatorFor(LOAD_GENERATORS, "rest").tool).toBe("autocannon");
    expect(generatorFor(LOAD_GENERATORS, "grpc")).toMatchObject({ tool: "ghz", executable: { name: "ghz" } });
  });

  it("refuses two generators for the same thing, and says when nothing is registered", () => {
    expect(() => generatorRegistry([fake("rest", "a"), fake("rest", "b")])).toThrow(/two load generators measure rest/);
    expect(() => generatorFor(generatorRegistry([fake("rest", "a")]), "grpc")).toThrow(/no load generator .* grpc/);
  });
});
