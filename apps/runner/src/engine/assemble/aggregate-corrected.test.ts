import { describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { summariseProtocol } from "./aggregate";

describe("summariseProtocol: an open loop's corrected latency across trials", () => {
  const trials = makeRunResult({ cells: [{ trials: 3 }] }).cells[0]!.trials.map((t) => t.rest);

  it("is the median of each corrected figure, with how it was corrected", () => {
    const open = trials.map((m, i) => ({
      ...m,
      correctedLatencyMs: { ...m.latencyMs, p99: [900, 300, 600][i]! },
      latencyCorrection: "scheduled" as const,
    }));
    const summary = summariseProtocol(open);
    expect(summary.correctedLatencyMs?.p99).toBe(600);
    expect(summary.latencyCorrection).toBe("scheduled");
    expect(summary.latencyMs.p99).toBe(summariseProtocol(trials).latencyMs.p99);
  });

  it("is absent for a closed loop", () => {
    expect(summariseProtocol(trials)).not.toHaveProperty("correctedLatencyMs");
  });
});
