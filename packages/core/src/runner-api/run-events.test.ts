import { describe, expect, it } from "vitest";
import { runEventSchema } from "./run-events";

const cell = { workload: "item.list", cacheMode: "warm", trial: 1, trials: 1, protocol: "rest", index: 1, total: 4 };

describe("cell events and the sweep point", () => {
  it("still accepts an event from a runner that names no point", () => {
    expect(runEventSchema.parse({ type: "cell-start", cell, warmupMs: 100, durationMs: 500 })).toEqual({
      type: "cell-start",
      cell,
      warmupMs: 100,
      durationMs: 500,
    });
  });

  it("keeps a swept cell's knobs and refinement flag", () => {
    const swept = { ...cell, coords: { records: 31 }, refinement: true };
    const event = runEventSchema.parse({ type: "cell-start", cell: swept, warmupMs: 0, durationMs: 500 });
    expect(event.type === "cell-start" && event.cell).toEqual(swept);
  });
});
