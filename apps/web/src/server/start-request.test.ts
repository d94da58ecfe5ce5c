import { describe, expect, it } from "vitest";
import { startRequestSchema } from "./start-request";

describe("start request", () => {
  it("accepts a preset with spec overrides", () => {
    expect(startRequestSchema.parse({ preset: "quick", spec: { connections: 16, workloads: ["noop"] } })).toEqual({
      preset: "quick",
      spec: { connections: 16, workloads: ["noop"] },
    });
  });

  it("refuses any field that could name a target, at the top level or in the spec", () => {
    expect(startRequestSchema.safeParse({ preset: "quick", target: "http://10.0.0.1" }).success).toBe(false);
    const nested = startRequestSchema.safeParse({ spec: { url: "http://10.0.0.1", port: 22 } });
    expect(nested.success).toBe(false);
    expect(nested.error?.issues.map((i) => i.path.join("."))).toEqual(["spec.url", "spec.port"]);
  });
});
