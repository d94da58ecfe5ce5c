import { describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { runFactFinding } from "@relix/core/render/findings/run-findings";
import { RELIX_LOAD_EXECUTABLE } from "../../tools/relix-load";
import type { EngineContext } from "../engine-context";
import { equalViewsUnavailable } from "./equal-view-refusal";

const built = { tools: { [RELIX_LOAD_EXECUTABLE.name]: { name: "relix-load", path: "/opt/relix-load" } } } as Pick<
  EngineContext,
  "tools"
>;
const notBuilt = {
  tools: {
    [RELIX_LOAD_EXECUTABLE.name]: { name: "relix-load", path: null, problem: "relix-load not found; tried: x" },
  },
} as Pick<EngineContext, "tools">;
const spec = (fields: Record<string, unknown>) =>
  runSpecSchema.parse({ workloads: ["item.get", "noop"], cacheModes: ["warm"], ...fields });

describe("a run that asked for both views and cannot have them", () => {
  it("names every workload when the client for both is not built, with the finder's reason", () => {
    const facts = equalViewsUnavailable(spec({ clients: "both" }), ["item.get", "noop"], notBuilt);
    expect(facts).toEqual([
      {
        kind: "equal-clients-unavailable",
        reason: expect.stringMatching(/relix-load, the client for both, is not built .*relix-load not found/),
        workloads: ["item.get", "noop"],
      },
    ]);
    expect(runFactFinding(facts[0]!).text).toMatch(
      /^ONE VIEW ONLY for item\.get, noop: the run measures every cell with one client for both .* their verdicts rest on the tools alone/,
    );
  });

  it("keeps both views for an open loop, a workload's own rate and a connection per REST call", () => {
    expect(equalViewsUnavailable(spec({ clients: "both", rate: 500 }), ["item.get", "noop"], built)).toEqual([]);
    const ownRate = spec({ clients: "both", workloadLoads: { noop: { connections: 8, rate: 300 } } });
    expect(equalViewsUnavailable(ownRate, ["item.get", "noop"], built)).toEqual([]);
    const perCall = spec({ clients: "both", restConnection: "per-request" });
    expect(equalViewsUnavailable(perCall, ["item.get"], built)).toEqual([]);
  });

  it("says nothing where both views were never promised", () => {
    expect(equalViewsUnavailable(spec({ clients: "tools", rate: 500 }), ["item.get"], notBuilt)).toEqual([]);
    // An equal-client run has one view by design (without relix-load, checkStacksDrivable refuses it).
    expect(equalViewsUnavailable(spec({ clients: "equal" }), ["item.get"], notBuilt)).toEqual([]);
  });
});
