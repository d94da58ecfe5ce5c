import { describe, expect, it } from "vitest";
import { MAX_TOTAL_RUN_MS } from "../spec/bounds";
import { runSpecSchema, type RunSpecInput } from "../spec/run-spec";
import { countWindowCapMs, MAX_COUNT_WINDOW_SHARE_MS } from "./count-window-cap";

const spec = (input: Partial<RunSpecInput>) => runSpecSchema.parse({ workloads: ["noop"], ...input });

describe("countWindowCapMs", () => {
  it("gives every closed-loop count window an equal share of what the limit leaves after the warm-ups", () => {
    // The probe in a closed loop: 1 cell x 2 sides x 20 trials = 40 windows, 1 s warm-up each.
    const probe = spec({ requests: 1_000_000, trials: 20 });
    const capMs = countWindowCapMs(probe, "noop")!;
    expect(capMs).toBe((MAX_TOTAL_RUN_MS - 40 * 1_000) / 40);
    // However long each side takes, the whole run stays within the limit.
    expect(40 * (1_000 + capMs)).toBeLessThanOrEqual(MAX_TOTAL_RUN_MS);
  });

  it("shares the limit over every cell, stack and trial, so more of them get less each", () => {
    const small = countWindowCapMs(spec({ requests: 1_000, trials: 4 }), "noop")!;
    const large = countWindowCapMs(
      spec({ requests: 1_000, trials: 4, workloads: ["noop", "echo"], stacks: ["express", "node", "grpc-js"] }),
      "noop",
    )!;
    expect(large).toBeLessThan(small / 2);
    expect(2 * 3 * 4 * (1_000 + large)).toBeLessThanOrEqual(MAX_TOTAL_RUN_MS);
  });

  it("is never more than the longest window a spec may ask for", () => {
    expect(countWindowCapMs(spec({ requests: 1_000 }), "noop")).toBe(MAX_COUNT_WINDOW_SHARE_MS);
  });

  it("gives an open loop its schedule, N / rate, plus the share", () => {
    expect(countWindowCapMs(spec({ requests: 20_000, rate: 1_000 }), "noop")).toBe(20_000 + MAX_COUNT_WINDOW_SHARE_MS);
    // A workload's own load is an open loop at its rate; the run's other workloads stay closed.
    const mixed = spec({
      workloads: ["noop", "echo"],
      requests: 1_000,
      trials: 20,
      workloadLoads: { echo: { rate: 100, connections: 4 } },
    });
    // 80 windows, 1 s warm-up each; echo's 40 take 10 s on their schedule.
    const shareMs = (MAX_TOTAL_RUN_MS - 80 * 1_000 - 40 * 10_000) / 80;
    expect(countWindowCapMs(mixed, "noop")).toBe(shareMs);
    expect(countWindowCapMs(mixed, "echo")).toBe(10_000 + shareMs);
  });

  it("is null for windows measured by time", () => {
    expect(countWindowCapMs(spec({ durationMs: 2_000 }), "noop")).toBeNull();
  });
});
