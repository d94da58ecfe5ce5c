import { describe, expect, it } from "vitest";
import { findingsOf, specFromPreset } from "@relix/core";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { assembleResult, type MeasuredRun } from "./result-assembly";

function measured(overrides: Parameters<typeof makeRunResult>[0] = {}, servicesWarnings: string[] = []): MeasuredRun {
  const { id, createdAt, finishedAt, spec, environment, cells } = makeRunResult(overrides);
  return { id, createdAt, finishedAt, spec, environment, cells, servicesWarnings };
}

describe("assembleResult", () => {
  it("records how the load was offered, and copies the warnings for older readers", () => {
    const result = assembleResult(measured({ cells: [{ workload: "noop", grpc: { errors: { UNAVAILABLE: 1 } } }] }));
    expect(result.facts).toEqual([{ kind: "load-loop", loop: "closed", inFlight: 8 }]);
    expect(result.warnings).toEqual(["ERRORS: 1 failed calls for gRPC noop (UNAVAILABLE x1); left out of latency."]);
    // ...which findingsOf does not read back: each warning once
    expect(findingsOf(result).filter((f) => f.severity === "warning")).toHaveLength(1);
  });

  it("attaches a study preset's published figures, once", () => {
    const study = measured({
      spec: specFromPreset("study-000"),
      cells: [
        { workload: "item.get", cacheMode: "warm" },
        { workload: "item.get", cacheMode: "cold" },
      ],
    });
    const result = assembleResult(study);
    const labels = result.cells.flatMap((c) => (c.published ?? []).map((f) => f.label));
    // The preset measures the study's pair (spring, grpc-java) and Node's: each figure sits beside both.
    expect(labels).toContain("mean latency, warm cache (spring vs grpc-java)");
    expect(labels).toContain("mean latency, warm cache (express vs grpc-js)");
    expect(new Set(labels).size).toBe(labels.length);
    expect(assembleResult({ ...study, cells: result.cells }).cells).toEqual(result.cells);
  });

  it("keeps what the services said, unless it is the embedded backends the environment already records", () => {
    const said = "the REST API restarted once";
    expect(assembleResult(measured({}, [said])).facts).toContainEqual({ kind: "services-warning", message: said });
    const embedded = assembleResult(measured({ origin: "embedded" }, ["EMBEDDED BACKENDS: no Redis and/or MySQL"]));
    expect(embedded.facts!.map((f) => f.kind)).toEqual(["load-loop"]);
    const warnings = findingsOf(embedded).filter((f) => f.severity === "warning");
    expect(warnings.map((f) => f.kind)).toEqual(["embedded-backends"]);
  });
});
