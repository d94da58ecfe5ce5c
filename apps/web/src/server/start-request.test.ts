import { describe, expect, it } from "vitest";
import { checkStartRequest, startRequestSchema } from "./start-request";

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

describe("checkStartRequest", () => {
  it("passes a request on as it was sent, once it resolves as the runner will resolve it", () => {
    const body = { preset: "quick", spec: { connections: 16 } };
    expect(checkStartRequest(body)).toEqual({ ok: true, request: body });
  });

  it("answers every field at fault, the runner's checks of more than one field included", () => {
    expect(checkStartRequest({ spec: { workloads: ["noop"], requests: 1_000_000, rate: 1, trials: 20 } })).toEqual({
      ok: false,
      message: expect.stringMatching(/^invalid run request: spec.requests: this run would measure for about/),
      fields: [{ path: "spec.requests", message: expect.stringContaining("more than the 60 min limit") }],
    });
  });
});
