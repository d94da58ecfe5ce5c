import { describe, expect, it } from "vitest";
import type { LoadPlan } from "../load-generator";
import { runSpecSchema } from "@relix/core";
import { clientsAndStreams, h2loadGenerator, h2loadOptionsFor } from "./h2load-generator";

describe("the h2load generator", () => {
  it("keeps the in-flight count exactly: c clients x m streams, c at most the connections asked for", () => {
    expect(clientsAndStreams(8, 1)).toEqual({ clients: 1, streams: 8 });
    expect(clientsAndStreams(8, 4)).toEqual({ clients: 4, streams: 2 });
    // 3 does not divide 8: the largest count below it that does.
    expect(clientsAndStreams(8, 3)).toEqual({ clients: 2, streams: 4 });
    expect(clientsAndStreams(2, 16)).toEqual({ clients: 2, streams: 1 });
    expect(clientsAndStreams(7, 3)).toEqual({ clients: 1, streams: 7 });
  });

  it("refuses an open loop: h2load has no request rate", () => {
    const plan = { spec: { rate: 100 } } as unknown as LoadPlan;
    expect(() => h2loadOptionsFor(plan)).toThrow(/closed loop only/);
  });

  it("says so before a run starts, so a spec with a rate is refused up front rather than mid-run", () => {
    expect(h2loadGenerator.cannotRun?.(runSpecSchema.parse({ workloads: ["noop"], rate: 100 }))).toMatch(
      /closed loop only/,
    );
    expect(h2loadGenerator.cannotRun?.(runSpecSchema.parse({ workloads: ["noop"] }))).toBeNull();
  });
});
