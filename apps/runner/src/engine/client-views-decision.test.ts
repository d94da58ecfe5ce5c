import { describe, expect, it } from "vitest";
import { EQUAL_VIEW_CPU_FACTOR } from "@relix/core";
import { decideClientViews, type ClientViews } from "./interleaved-trial";

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
