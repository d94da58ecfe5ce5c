/** Which stacks a run can drive, decided from the spec and the programs found at start-up alone. */
import { describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { H2LOAD_EXECUTABLE } from "../tools/h2load";
import { LOAD_GENERATORS } from "./measure/generators/registry";
import { planCells } from "./plan/run-plan";
import { checkStacksDrivable } from "./launch/stack-availability";

const spec = (fields: Record<string, unknown>) =>
  runSpecSchema.parse({ workloads: ["noop"], cacheModes: ["warm"], ...fields });
const check = (s: ReturnType<typeof spec>, tools = {}) =>
  checkStacksDrivable(s, planCells(s), ["express", "grpc-js"], LOAD_GENERATORS, tools);

describe("stacks a run cannot drive are refused from the spec", () => {
  it("refuses equal clients on a machine where h2load was not found, with the finder's own reason", () => {
    const missing = {
      [H2LOAD_EXECUTABLE.name]: {
        name: H2LOAD_EXECUTABLE.name,
        path: null,
        problem: "h2load not found: apt-get install nghttp2-client",
      },
    };
    expect(() => check(spec({ clients: "equal" }), missing)).toThrow(
      /the express stack cannot be driven \(h2load not found: apt-get install nghttp2-client\)/,
    );
    // The tools do not need it.
    expect(() => check(spec({ clients: "tools" }), missing)).not.toThrow();
  });

  it("refuses equal clients where a workload's own load is an open loop, unless a swept connection count replaces it", () => {
    const ownRate = { workloadLoads: { noop: { connections: 4, rate: 100 } } };
    expect(() => check(spec({ clients: "equal", ...ownRate }))).toThrow(/noop: h2load drives a closed loop only/);
    const swept = spec({
      clients: "equal",
      ...ownRate,
      sweep: { axes: [{ dimension: "connections", values: [1, 8] }] },
    });
    expect(() => check(swept)).not.toThrow();
  });
});
