import { describe, expect, it } from "vitest";
import { EQUAL_VIEW_CPU_FACTOR } from "@relix/core";
import { decideClientViews, toolsAloneOf, type ClientViews } from "./measure/interleaved-trial";

const undecided = (): ClientViews => ({ pair: { rest: "express", grpc: "grpc-js" }, equal: null, reason: null });

describe("whether a tools run also measures a cell with one client for both", () => {
  it("does so for tools 1.1-2x apart in CPU per call, below the CLIENTS UNEQUAL warning's factor", () => {
    // noop's tools read 1.36-1.46x apart and their verdict still differed from one client's.
    const views = undecided();
    decideClientViews(views, 1.4);
    expect(views).toMatchObject({ equal: true, reason: "unequal-tools" });
  });

  it("keeps the tools' own view where they are within the factor, or when it could not be read", () => {
    for (const factor of [1, EQUAL_VIEW_CPU_FACTOR, null]) {
      const views = undecided();
      decideClientViews(views, factor);
      expect(views).toMatchObject({ equal: false, reason: null });
    }
  });
});

describe("why a cell measured by its tools alone was", () => {
  it("names the refusal first: a client that cannot drive the load is the reason, whatever the views", () => {
    for (const equal of [true, false, null]) {
      expect(toolsAloneOf({ equal }, "h2load drives a closed loop only", false, 2)).toEqual({
        because: "equal-view-unavailable",
        refusal: "h2load drives a closed loop only",
      });
    }
  });

  it("tells the cell that decided (within the factor, or no figure) from the cells that kept its decision", () => {
    expect(toolsAloneOf({ equal: false }, null, true, 1.05)).toEqual({ because: "within-factor" });
    expect(toolsAloneOf({ equal: false }, null, true, null)).toEqual({ because: "no-factor" });
    expect(toolsAloneOf({ equal: false }, null, false, 1.6)).toEqual({ because: "decided-elsewhere" });
  });

  it("has no reason where the second view was added", () => {
    expect(toolsAloneOf({ equal: true }, null, true, 1.6)).toBeUndefined();
    expect(toolsAloneOf({ equal: true }, null, false, 1.02)).toBeUndefined();
  });
});
