import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../engine/run-events";
import { RunEventLog, type StatusEvent } from "./run-event-log";

const cell = {
  workload: "noop",
  cacheMode: "none",
  trial: 1,
  trials: 1,
  protocol: "rest",
  index: 1,
  total: 2,
} as const;
const sample = (second: number): RunEvent => ({
  type: "sample",
  cell,
  second,
  requests: 1,
  errors: 0,
  p50Ms: 1,
  p99Ms: 2,
  warmup: false,
});
const status = (s: StatusEvent["status"]): StatusEvent => ({
  type: "status",
  status: s,
  position: null,
  reason: null,
  headline: null,
  at: "",
});

describe("run event log", () => {
  it("numbers events from 1 and replays only those after a Last-Event-ID", () => {
    const log = new RunEventLog();
    log.append("a", status("running"));
    for (let s = 0; s < 5; s++) log.append("a", sample(s));
    expect(log.after("a", null).map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.after("a", 4).map((e) => e.id)).toEqual([5, 6]);
    expect(log.after("other", null)).toEqual([]);
  });

  it("keeps the last samples of a long run, every status, and only the latest progress", () => {
    const log = new RunEventLog({ maxSamples: 3 });
    log.append("a", status("running"));
    for (let s = 0; s < 10; s++) {
      log.append("a", sample(s));
      log.append("a", { type: "progress", fraction: s / 10, elapsedMs: s, remainingMs: 10 - s });
    }
    const kept = log.after("a", null).map((e) => e.event);
    expect(kept.filter((e) => e.type === "sample").map((e) => (e as { second: number }).second)).toEqual([7, 8, 9]);
    expect(kept.filter((e) => e.type === "progress")).toHaveLength(1);
    expect(kept[0]).toMatchObject({ type: "status", status: "running" });
  });

  it("ends with a terminal status: listeners get it last and are dropped", () => {
    const log = new RunEventLog();
    const seen: number[] = [];
    log.append("a", status("running"));
    log.subscribe("a", (e) => seen.push(e.id));
    log.append("a", sample(0));
    log.append("a", status("done"));
    expect(seen).toEqual([2, 3]);
    expect(log.isEnded("a")).toBe(true);
    expect(log.listenerCount("a")).toBe(0);
    expect(() => log.append("a", sample(1))).toThrow(/ended/);
  });

  it("forgets the oldest finished runs beyond the retention limit", () => {
    const log = new RunEventLog({ retainFinished: 2 });
    for (const id of ["a", "b", "c"]) {
      log.append(id, status("running"));
      log.append(id, status("done"));
    }
    expect([log.has("a"), log.has("b"), log.has("c")]).toEqual([false, true, true]);
  });
});
