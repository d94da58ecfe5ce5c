import { describe, expect, it } from "vitest";
import { specBounds } from "@relix/core/spec/bounds";
import { resolveRunRequest } from "@relix/core/run-request/resolve-run-request";
import { runSpecSchema } from "@relix/core/spec/run-spec";
import {
  estimateRunMs,
  fieldOfPath,
  overridesOf,
  specFieldsFrom,
  validateForm,
  valuesFrom,
  type FormContext,
} from "./spec-form";
import { choosePairSide, toggleStack } from "./stack-form";

const context: FormContext = {
  bounds: specBounds,
  workloadIds: ["noop", "item.get", "upload"],
  cacheModes: ["warm", "cold", "miss"],
};
const quick = specFieldsFrom(
  runSpecSchema.parse({
    workloads: ["noop", "item.get"],
    cacheModes: ["warm", "cold"],
    connections: 16,
    durationMs: 3000,
    warmupMs: 1000,
    trials: 3,
  }),
);

describe("new-run form rules", () => {
  it("round-trips a preset's spec through the form unchanged", () => {
    const { fields, errors } = validateForm(valuesFrom(quick), context);
    expect(errors).toEqual({});
    expect(fields).toEqual(quick);
    expect(overridesOf(fields, quick)).toEqual({});
  });

  it("offers REST's connection policy, keep-alive unless the preset says otherwise, and sends it only when changed", () => {
    expect(valuesFrom(quick).restConnection).toBe("keep-alive");
    const { fields, errors } = validateForm({ ...valuesFrom(quick), restConnection: "per-request" }, context);
    expect(errors).toEqual({});
    expect(overridesOf(fields, quick)).toEqual({ restConnection: "per-request" });
    const bad = validateForm({ ...valuesFrom(quick), restConnection: "sometimes" }, context);
    expect(bad.errors).toEqual({ restConnection: "REST connections: choose keep-alive or per-request" });
    expect(fieldOfPath("spec.restConnection")).toBe("restConnection");
  });

  it("shows durations in seconds and payloads in the largest whole unit", () => {
    const values = valuesFrom({ ...quick, durationMs: 2500, payloadBytes: 3 * 1024 * 1024 });
    expect(values).toMatchObject({ durationSeconds: "2.5", payloadSize: "3", payloadUnit: "MiB" });
  });

  it("enforces the runner's bounds before submit, with a message per field", () => {
    const values = {
      ...valuesFrom(quick),
      connections: "0",
      durationSeconds: "301",
      trials: "2.5",
      payloadSize: "9",
      payloadUnit: "MiB" as const,
      rate: "abc",
    };
    const { errors } = validateForm(values, context);
    expect(errors).toEqual({
      connections: "Connections: must be between 1–256",
      durationMs: "Duration: must be between 0.5–300 s",
      trials: "Trials: must be a whole number",
      payloadBytes: "Payload size: must be between 1 B–8 MiB",
      rate: "Rate: enter a number",
    });
  });

  it("needs at least one workload and one cache mode, from the catalog only", () => {
    expect(validateForm({ ...valuesFrom(quick), workloads: [], cacheModes: [] }, context).errors).toMatchObject({
      workloads: "Choose at least one workload",
      cacheModes: "Choose at least one cache mode",
    });
    expect(
      validateForm({ ...valuesFrom(quick), workloads: ["http://evil.example/"] }, context).errors.workloads,
    ).toMatch(/Unknown workload/);
  });

  it("sends only what differs from the preset", () => {
    const { fields } = validateForm({ ...valuesFrom(quick), connections: "32", rate: "500" }, context);
    expect(overridesOf(fields, quick)).toEqual({ connections: 32, rate: 500 });
  });

  it("maps the runner's error paths onto the inputs", () => {
    expect(fieldOfPath("spec.connections")).toBe("connections");
    expect(fieldOfPath("workloads.2")).toBe("workloads");
    expect(fieldOfPath("durationMs")).toBe("durationMs");
    expect(fieldOfPath("preset")).toBeNull();
  });

  it("estimates the run's length from cells, protocols, trials and windows", () => {
    // noop: 1 cell, item.get: 2 cache modes -> 3 cells x 2 protocols at 16 in flight, and the pair
    // again at one call in flight (a closed loop keeping more in flight) x 3 trials x 4 s
    expect(estimateRunMs(quick)).toBe(3 * (2 + 2) * 3 * 4_000);
    // One call in flight, or an open loop at a rate, already answers latency: measured once.
    expect(estimateRunMs({ ...quick, connections: 1 })).toBe(3 * 2 * 3 * 4_000);
    expect(estimateRunMs({ ...quick, rate: 500 })).toBe(3 * 2 * 3 * 4_000);
  });

  describe("stacks", () => {
    it("offers the pair's two (express and grpc-js) checked and fixed, and sends the stacks only when changed", () => {
      expect(valuesFrom(quick).stacks).toEqual(["express", "grpc-js"]);
      expect(valuesFrom(quick).pair).toEqual({ rest: "express", grpc: "grpc-js" });
      const pair = valuesFrom(quick).pair;
      const picked = toggleStack(toggleStack(valuesFrom(quick).stacks, "h2c", true, pair), "node", true, pair);
      expect(picked).toEqual(["express", "node", "h2c", "grpc-js"]);
      expect(toggleStack(picked, "express", false, pair)).toEqual(picked);
      const { fields, errors } = validateForm({ ...valuesFrom(quick), stacks: picked }, context);
      expect(errors).toEqual({});
      expect(overridesOf(fields, quick)).toEqual({ stacks: ["express", "node", "h2c", "grpc-js"] });
      expect(runSpecSchema.parse({ workloads: ["noop"], ...overridesOf(fields, quick) }).stacks).toEqual(picked);
    });

    it("takes another pair, measures its two, and sends the pair only when changed", () => {
      const values = valuesFrom(quick);
      const chosen = choosePairSide(choosePairSide(values, "rest", "spring"), "grpc", "grpc-java");
      expect(chosen).toEqual({
        pair: { rest: "spring", grpc: "grpc-java" },
        stacks: ["express", "spring", "grpc-js", "grpc-java"],
      });
      // Node's pair is no longer fixed: it can be cleared, the new pair cannot.
      const alone = toggleStack(
        toggleStack(chosen.stacks, "express", false, chosen.pair),
        "grpc-js",
        false,
        chosen.pair,
      );
      expect(alone).toEqual(["spring", "grpc-java"]);
      expect(toggleStack(alone, "spring", false, chosen.pair)).toEqual(alone);
      const { fields, errors } = validateForm({ ...values, ...chosen, stacks: alone }, context);
      expect(errors).toEqual({});
      const overrides = overridesOf(fields, quick);
      expect(overrides).toEqual({ stacks: ["spring", "grpc-java"], pair: { rest: "spring", grpc: "grpc-java" } });
      const resolved = resolveRunRequest({ spec: { workloads: ["noop"], ...overrides } });
      expect(resolved).toMatchObject({ ok: true, spec: { stacks: ["spring", "grpc-java"], pair: chosen.pair } });
    });

    it("reads a preset's pair, or the default for its stacks", () => {
      const spec = (fields: object) => runSpecSchema.parse({ workloads: ["noop"], ...fields });
      expect(specFieldsFrom(spec({ stacks: ["fastapi", "grpcio"] })).pair).toEqual({ rest: "fastapi", grpc: "grpcio" });
      expect(valuesFrom(specFieldsFrom(spec({ pair: { rest: "flask", grpc: "grpcio" } }))).stacks).toEqual([
        "express",
        "flask",
        "grpc-js",
        "grpcio",
      ]);
    });

    it("counts every stack's window in the run's length", () => {
      // Four stacks at the run's load, and the pair again at one call in flight: 3 cells x 3 trials x 4 s each.
      expect(estimateRunMs({ ...quick, stacks: ["express", "node", "h2c", "grpc-js"] })).toBe(3 * (4 + 2) * 3 * 4_000);
    });
  });

  describe("placements", () => {
    it("offers the spec's placements, loopback alone by default, and sends them only when changed", () => {
      expect(valuesFrom(quick)).toMatchObject({ network: ["loopback"], rtt: "", jitter: "", bandwidth: "" });
      const { fields, errors } = validateForm({ ...valuesFrom(quick), network: ["loopback", "cross-region"] }, context);
      expect(errors).toEqual({});
      expect(overridesOf(fields, quick)).toEqual({ network: ["loopback", "cross-region"] });
    });

    it("takes the custom placement's figures, bandwidth optional", () => {
      const values = { ...valuesFrom(quick), network: ["custom" as const], rtt: "30", jitter: "5", bandwidth: "" };
      expect(validateForm(values, context)).toMatchObject({
        errors: {},
        fields: { network: [{ name: "custom", rttMs: 30, jitterMs: 5, bandwidthMbps: null }] },
      });
      const back = valuesFrom(validateForm({ ...values, bandwidth: "12.5" }, context).fields);
      expect(back).toMatchObject({ network: ["custom"], rtt: "30", jitter: "5", bandwidth: "12.5" });
    });

    it("marks each bad figure with the accepted range, and an empty choice", () => {
      const base = { ...valuesFrom(quick), network: ["loopback" as const, "custom" as const] };
      expect(validateForm({ ...base, rtt: "" }, context).errors).toEqual({
        rttMs: "Custom RTT: enter a number (0–1,000 ms)",
      });
      expect(validateForm({ ...base, rtt: "2000", jitter: "600", bandwidth: "0" }, context).errors).toEqual({
        rttMs: "Custom RTT: must be between 0–1,000 ms",
        jitterMs: "Jitter: must be between 0–500 ms",
        bandwidthMbps: "Bandwidth: must be between 0.1–10,000 Mbit/s",
      });
      expect(validateForm({ ...base, rtt: "10", jitter: "20" }, context).errors).toEqual({
        jitterMs: "Jitter: may not exceed the RTT",
      });
      expect(validateForm({ ...valuesFrom(quick), network: [] }, context).errors).toEqual({
        network: "Choose at least one placement",
      });
    });

    it("maps the runner's placement errors onto their inputs", () => {
      expect(fieldOfPath("spec.network.1.rttMs")).toBe("rttMs");
      expect(fieldOfPath("spec.network.0.jitterMs")).toBe("jitterMs");
      expect(fieldOfPath("spec.network")).toBe("network");
    });

    it("counts every placement in the run's length", () => {
      // Each placement measures every cell's pair at the run's load and again at one call in flight.
      expect(estimateRunMs({ ...quick, network: ["loopback", "cross-region"] })).toBe(2 * 3 * (2 + 2) * 3 * 4_000);
    });
  });

  it("takes the record count and the echo size, bounded, and sends them only when changed", () => {
    expect(valuesFrom(quick)).toMatchObject({ records: "100", echoSize: "", echoUnit: "KiB" });
    const { fields, errors } = validateForm(
      { ...valuesFrom(quick), records: "2500", echoSize: "4", echoUnit: "KiB" },
      context,
    );
    expect(errors).toEqual({});
    expect(overridesOf(fields, quick)).toEqual({ records: 2500, echoBytes: 4096 });
    const bad = validateForm({ ...valuesFrom(quick), records: "20000", echoSize: "2", echoUnit: "MiB" }, context);
    expect(bad.errors.records).toBe("Records: must be between 1–10,000");
    expect(bad.errors.echoBytes).toBe("Echo size: must be between 1 B–1 MiB");
    expect(fieldOfPath("spec.records")).toBe("records");
    expect(fieldOfPath("spec.echoBytes")).toBe("echoBytes");
  });
});
