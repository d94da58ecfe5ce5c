import { describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { runFactFinding } from "@relix/core/render/findings/run-findings";
import { H2LOAD_EXECUTABLE } from "../../tools/h2load";
import type { EngineContext } from "../engine-context";
import { equalViewsUnavailable } from "./equal-view-refusal";

const withH2load = { tools: { [H2LOAD_EXECUTABLE.name]: { path: "/usr/bin/h2load" } } } as unknown as Pick<
  EngineContext,
  "tools"
>;
const withoutH2load: Pick<EngineContext, "tools"> = { tools: {} };
const spec = (fields: Record<string, unknown>) =>
  runSpecSchema.parse({ workloads: ["item.get", "noop"], cacheModes: ["warm"], ...fields });

describe("a run that asked for both views and cannot have them", () => {
  it("names the workloads an open loop keeps from the client for both, with the reason", () => {
    const facts = equalViewsUnavailable(spec({ clients: "both", rate: 500 }), ["item.get", "noop"], withH2load);
    expect(facts).toEqual([
      {
        kind: "equal-clients-unavailable",
        reason: expect.stringMatching(/closed loop only/),
        workloads: ["item.get", "noop"],
      },
    ]);
    expect(runFactFinding(facts[0]!).text).toMatch(
      /^ONE VIEW ONLY for item\.get, noop: the run measures every cell with one client for both .* their verdicts rest on the tools alone/,
    );
  });

  it("names only the workload whose own load is an open loop", () => {
    const facts = equalViewsUnavailable(
      spec({ clients: "both", workloadLoads: { noop: { connections: 8, rate: 300 } } }),
      ["item.get", "noop"],
      withH2load,
    );
    expect(facts.map((f) => f.workloads)).toEqual([["noop"]]);
  });

  it("says so when h2load is missing, and for a connection per REST call", () => {
    expect(equalViewsUnavailable(spec({ clients: "both" }), ["item.get"], withoutH2load)[0]?.reason).toMatch(
      /h2load.*not found/,
    );
    expect(
      equalViewsUnavailable(spec({ clients: "both", restConnection: "per-request" }), ["item.get"], withH2load)[0]
        ?.reason,
    ).toMatch(/new connection per REST call/);
  });

  it("in a sweep, follows the load its points run: a swept connection count drops a workload's own rate", () => {
    const swept = (fields: Record<string, unknown>) =>
      spec({ clients: "tools", sweep: { axes: [{ dimension: "connections", values: [1, 8] }] }, ...fields });
    const ownRate = swept({ workloadLoads: { noop: { connections: 8, rate: 300 } } });
    expect(equalViewsUnavailable(ownRate, ["item.get", "noop"], withH2load)).toEqual([]);
    const runRate = swept({ rate: 300 });
    expect(equalViewsUnavailable(runRate, ["item.get", "noop"], withH2load).map((f) => f.workloads)).toEqual([
      ["item.get", "noop"],
    ]);
  });

  it("says nothing where both views are measured or were never promised", () => {
    expect(equalViewsUnavailable(spec({ clients: "both" }), ["item.get", "noop"], withH2load)).toEqual([]);
    expect(equalViewsUnavailable(spec({ clients: "tools", rate: 500 }), ["item.get"], withH2load)).toEqual([]);
    // An equal-client run has one view by design (without h2load, checkStacksDrivable refuses it).
    expect(equalViewsUnavailable(spec({ clients: "equal" }), ["item.get"], withoutH2load)).toEqual([]);
  });
});
