import { describe, expect, it } from "vitest";
import { toolsAloneOf } from "./measure/interleaved-trial";

describe("why a cell of a run that asked for both views was measured by its tools alone", () => {
  it("names the refusal: a client that cannot drive the load is the reason", () => {
    expect(toolsAloneOf({ equal: true }, "h2load drives a closed loop only")).toEqual({
      because: "equal-view-unavailable",
      refusal: "h2load drives a closed loop only",
    });
  });

  it("has no reason where the second view was added, or where the run asked for the tools alone", () => {
    expect(toolsAloneOf({ equal: true }, null)).toBeUndefined();
    expect(toolsAloneOf({ equal: false }, "h2load drives a closed loop only")).toBeUndefined();
    expect(toolsAloneOf({ equal: false }, null)).toBeUndefined();
  });
});
