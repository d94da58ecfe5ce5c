import { describe, expect, it } from "vitest";
import { specFromPreset } from "../presets/presets";
import { runSpecSchema } from "../spec/run-spec";
import { resolveRunRequest, type ResolvedRunRequest } from "./resolve-run-request";
import { runFields, sweepDimensionFieldsOf } from "./run-fields";

const errorsOf = (resolved: ResolvedRunRequest) => (resolved.ok ? [] : resolved.errors);

describe("resolveRunRequest", () => {
  it("lays the fields given over the preset, and labels the spec with the preset", () => {
    const resolved = resolveRunRequest({ preset: "quick", spec: { trials: 2 } });
    expect(resolved).toMatchObject({ ok: true, preset: "quick" });
    if (!resolved.ok) return;
    expect(resolved.spec).toEqual({ ...specFromPreset("quick"), trials: 2 });
    expect(resolved.request).toEqual({ preset: "quick", spec: { trials: 2 } });
    expect(resolved.estimateMs).toBeGreaterThan(0);
  });

  it("fills the schema's defaults for a spec without a preset, and needs its workloads", () => {
    const resolved = resolveRunRequest({ spec: { workloads: ["noop"] } });
    expect(resolved).toMatchObject({ ok: true, preset: null, spec: runSpecSchema.parse({ workloads: ["noop"] }) });
    expect(errorsOf(resolveRunRequest({}))).toEqual([
      { path: "spec.workloads", message: "required: choose workloads or a preset" },
    ]);
  });

  it("takes a pair of one REST and one gRPC stack, and measures its two whether the stacks list names them or not", () => {
    const resolved = resolveRunRequest({ spec: { workloads: ["noop"], pair: { rest: "fastapi", grpc: "grpcio" } } });
    expect(resolved).toMatchObject({ ok: true });
    if (!resolved.ok) return;
    expect(resolved.spec.pair).toEqual({ rest: "fastapi", grpc: "grpcio" });
    expect(resolved.spec.stacks).toEqual(["express", "fastapi", "grpc-js", "grpcio"]);
    const alone = resolveRunRequest({
      spec: { workloads: ["noop"], stacks: ["spring", "grpc-java"] },
    });
    expect(alone).toMatchObject({ ok: true, spec: { stacks: ["spring", "grpc-java"] } });
    expect(
      errorsOf(resolveRunRequest({ spec: { workloads: ["noop"], pair: { rest: "grpcio", grpc: "grpc-js" } } })),
    ).toEqual([
      { path: "spec.pair.rest", message: expect.stringMatching(/^the pair's REST side must be a REST stack/) },
    ]);
    expect(errorsOf(resolveRunRequest({ spec: { workloads: ["noop"], stacks: ["spring", "flask"] } }))).toEqual([
      { path: "spec.stacks", message: "needs at least one REST and one gRPC stack: a run compares the two" },
    ]);
  });

  it("names every field at fault at once: unknown ones, bad values, an unknown preset", () => {
    expect(errorsOf(resolveRunRequest({ preset: "nope", spec: { connections: 0, host: "10.0.0.1" } }))).toEqual([
      { path: "spec.connections", message: expect.stringMatching(/>=\s*1/) },
      { path: "spec.host", message: expect.stringMatching(/never takes a URL, host or port/) },
      { path: "preset", message: expect.stringMatching(/^unknown preset "nope" \(known: quick, /) },
    ]);
    expect(errorsOf(resolveRunRequest({ target: "http://10.0.0.1" }))).toEqual([
      { path: "target", message: expect.stringContaining('unknown field "target"') },
    ]);
  });

  it("refuses a field beside a sweep axis of its own dimension", () => {
    const spec = {
      workloads: ["item.list"],
      records: 10,
      sweep: { axes: [{ dimension: "records", values: [1, 100] }] },
    };
    expect(errorsOf(resolveRunRequest({ spec }))).toEqual([
      {
        path: "spec.records",
        message: "the sweep's records axis sets records at every point: give the axis or the field, not both",
      },
    ]);
  });

  it("refuses a run over the time limit, and a server delay no request may ask for", () => {
    expect(
      errorsOf(resolveRunRequest({ spec: { workloads: ["noop"], requests: 1_000_000, rate: 1, trials: 20 } })),
    ).toEqual([
      {
        path: "spec.requests",
        message: expect.stringMatching(
          /more than the 60 min limit: choose fewer workloads, .*fewer requests or a higher rate/,
        ),
      },
    ]);
    expect(
      errorsOf(resolveRunRequest({ spec: { workloads: ["stream"], serverDelayMs: 1000, streamMessages: 11 } })),
    ).toEqual([
      { path: "spec.serverDelayMs", message: expect.stringMatching(/^1000 ms per message x 11 stream messages/) },
    ]);
  });

  it("says each check in the surface's own words", () => {
    const resolved = resolveRunRequest(
      { spec: { workloads: ["stream"], serverDelayMs: 1000, streamMessages: 11 } },
      { wording: { sweptField: () => "", overTimeLimit: () => "", delayBudget: () => "too much delay" } },
    );
    expect(errorsOf(resolved)).toEqual([{ path: "spec.serverDelayMs", message: "too much delay" }]);
  });
});

describe("the run-field table", () => {
  it("makes the spec schema: every field once, in the spec's order", () => {
    const keys = runFields.map((f) => f.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(runSpecSchema.shape)).toEqual(["preset", ...keys]);
  });

  it("gives every flag once, and names the field each sweep dimension sets", () => {
    const flags = runFields.flatMap((f) => f.cli?.flags.map((flag) => flag.name) ?? []);
    expect(new Set(flags).size).toBe(flags.length);
    expect(sweepDimensionFieldsOf(runFields)).toEqual({
      cacheModes: "cacheModes",
      network: "network",
      stacks: "stacks",
      connections: "connections",
      payloadBytes: "payloadBytes",
      records: "records",
      echoBytes: "echoBytes",
    });
  });
});
