import { describe, expect, it } from "vitest";
import { clientViewsOf, type RunProgress } from "./measure/placement-cells";

const progress = (): RunProgress => ({ index: 0, total: 4, pairIndex: 0, measuringStarted: 0, estimateMs: 0 });
const pair = { rest: "express", grpc: "grpc-js" } as const;

describe("which cells share their client views", () => {
  it("every cell of one workload in a run, whatever its cache mode or placement: warm and cold are compared", () => {
    const run = progress();
    const warm = clientViewsOf(run, null, "item.get", pair);
    warm.equal = true;
    warm.reason = "unequal-tools";
    // The cold cell, or the same workload at another placement, reads the warm cell's decision.
    expect(clientViewsOf(run, null, "item.get", pair)).toBe(warm);
    expect(clientViewsOf(run, null, "item.get", pair).equal).toBe(true);
    // Another workload decides for itself, and another run starts afresh.
    expect(clientViewsOf(run, null, "noop", pair).equal).toBeNull();
    expect(clientViewsOf(progress(), null, "item.get", pair).equal).toBeNull();
  });

  it("a sweep measures every cell both ways from the start", () => {
    const views = clientViewsOf(progress(), "sweep", "item.list", pair);
    expect(views.equal).toBe(true);
    expect(views.reason).toBe("sweep");
  });

  it("a run that asks for both measures every cell both ways from the start, for that reason", () => {
    const views = clientViewsOf(progress(), "asked", "noop", pair);
    expect(views.equal).toBe(true);
    expect(views.reason).toBe("asked");
  });
});
