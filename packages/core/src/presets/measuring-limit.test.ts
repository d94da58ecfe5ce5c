import { describe, expect, it } from "vitest";
import { runSpecSchema, type RunSpecInput } from "../spec/run-spec";
import { measuringOverLimit } from "./measuring-limit";

const spec = (input: Partial<RunSpecInput>) => runSpecSchema.parse({ workloads: ["noop"], ...input });

describe("measuringOverLimit", () => {
  it("refuses the issue's probe, a million requests at 1 req/s, naming the count and its estimate", () => {
    const over = measuringOverLimit(spec({ requests: 1_000_000, rate: 1, trials: 20 }))!;
    expect(over.field).toBe("requests");
    expect(over.ms).toBe(2 * 20 * (1_000 + 1_000_000_000));
    expect(over.sentence).toBe("this run would measure for about 666668 min, more than the 60 min limit");
  });

  it("lets an open loop whose schedule fits run", () => {
    expect(measuringOverLimit(spec({ requests: 60_000, rate: 100, trials: 2 }))).toBeNull();
  });

  it("lets a closed-loop count run, bounded by its time cap, whatever its count", () => {
    expect(measuringOverLimit(spec({ requests: 1_000_000, trials: 20 }))).toBeNull();
  });

  it("refuses a closed-loop count run that leaves its windows no time once the warm-ups are counted", () => {
    const over = measuringOverLimit(
      spec({ workloads: ["noop", "echo"], requests: 1_000, trials: 20, warmupMs: 45_000 }),
    )!;
    expect(over.field).toBe("requests");
    // 2 cells x 2 sides x 20 trials x (45 s + at least 0.5 s).
    expect(over.ms).toBe(80 * 45_500);
    expect(over.sentence).toBe(
      "this run would measure for about 61 min, giving each window of 1000 requests in a closed loop at least 0.5 s, more than the 60 min limit",
    );
  });

  it("judges windows measured by time as before, naming the duration", () => {
    expect(measuringOverLimit(spec({ durationMs: 10_000 }))).toBeNull();
    const over = measuringOverLimit(spec({ workloads: ["noop", "echo", "math.add"], durationMs: 300_000, trials: 20 }));
    expect(over).toMatchObject({ field: "durationMs", sentence: expect.stringMatching(/more than the 60 min limit$/) });
  });

  it("counts the JVM stacks' priming at its bound: a run that fits without it may not with it", () => {
    // 4 cells x 2 sides x 2 trials x (10 s + 210 s) = 58.7 min of windows.
    // One call in flight: the cells' own load answers the latency question, no second pass.
    const windows = {
      workloads: ["noop", "echo", "item.get", "math.add"],
      cacheModes: ["warm" as const],
      durationMs: 210_000,
      warmupMs: 10_000,
      trials: 2,
      connections: 1,
    };
    expect(measuringOverLimit(spec({ ...windows, stacks: ["express", "grpc-js"] }))).toBeNull();
    // The same on spring and grpc-java adds 4 cells x 2 stacks x 30 s of priming at most.
    const over = measuringOverLimit(spec({ ...windows, stacks: ["spring", "grpc-java"] }))!;
    expect(over.ms).toBe(4 * 2 * 2 * (10_000 + 210_000) + 4 * 2 * 30_000);
    expect(over.sentence).toBe(
      "this run would measure for about 63 min, with up to 4 min of JVM priming, more than the 60 min limit",
    );
    // Named as the pair, they are primed too.
    expect(
      measuringOverLimit(
        spec({ ...windows, stacks: ["express", "grpc-js"], pair: { rest: "spring", grpc: "grpc-java" } }),
      ),
    ).not.toBeNull();
  });
});
