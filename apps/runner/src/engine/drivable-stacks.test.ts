/** Which stacks a run can drive, decided from the spec and the programs found at start-up alone. */
import { describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { RELIX_LOAD_EXECUTABLE } from "../tools/relix-load";
import { LOAD_GENERATORS } from "./measure/generators/registry";
import { planCells } from "./plan/run-plan";
import { checkStacksDrivable } from "./launch/stack-availability";

const spec = (fields: Record<string, unknown>) =>
  runSpecSchema.parse({ workloads: ["noop"], cacheModes: ["warm"], ...fields });
const check = (s: ReturnType<typeof spec>, tools = {}) =>
  checkStacksDrivable(s, planCells(s), ["express", "grpc-js"], LOAD_GENERATORS, tools);

describe("stacks a run cannot drive are refused from the spec", () => {
  it("refuses equal clients on a machine where relix-load is not built, with the finder's own reason", () => {
    const missing = {
      [RELIX_LOAD_EXECUTABLE.name]: {
        name: RELIX_LOAD_EXECUTABLE.name,
        path: null,
        problem: "relix-load not found; Build it with `bash native/load-client/build.sh`",
      },
    };
    expect(() => check(spec({ clients: "equal" }), missing)).toThrow(
      /the express stack cannot be driven \(relix-load not found; Build it with `bash native\/load-client\/build.sh`\)/,
    );
    // The tools do not need it.
    expect(() => check(spec({ clients: "tools" }), missing)).not.toThrow();
  });

  it("drives an open loop and a workload's own rate with equal clients", () => {
    expect(() => check(spec({ clients: "equal", rate: 100 }))).not.toThrow();
    expect(() =>
      check(spec({ clients: "equal", workloadLoads: { noop: { connections: 4, rate: 100 } } })),
    ).not.toThrow();
  });

  it("refuses a tools run whose tool has no request rate, naming the workload", () => {
    // h2c's own tool, h2load, paces connections, not requests.
    const h2c = runSpecSchema.parse({ workloads: ["noop"], stacks: ["h2c", "grpc-js"], rate: 100 });
    expect(() => checkStacksDrivable(h2c, planCells(h2c), ["h2c"], LOAD_GENERATORS, {})).toThrow(
      /the h2c stack cannot be driven \(noop: h2load drives a closed loop only/,
    );
  });
});
