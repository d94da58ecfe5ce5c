import { describe, expect, it } from "vitest";
import type { CellRef, RunEvent } from "../engine/run-events";
import { ProgressBar } from "./progress-bar";

const cell: CellRef = {
  workload: "item.get",
  cacheMode: "warm",
  trial: 2,
  trials: 3,
  protocol: "grpc",
  index: 5,
  total: 12,
};

function stream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, out: { isTTY, columns: 200, write: (text: string) => writes.push(text) } };
}

const events: RunEvent[] = [
  { type: "phase", phase: "measuring", message: "measuring 6 cells" },
  { type: "cell-start", cell, warmupMs: 500, durationMs: 2000 },
  { type: "sample", cell, second: 1, requests: 13104, errors: 0, p50Ms: 0.5, p99Ms: 1.2, warmup: false },
  { type: "progress", fraction: 0.42, elapsedMs: 12_000, remainingMs: 17_000 },
  { type: "warning", message: "ghz used 95% CPU" },
  { type: "cell-end", cell, rps: 13104.4, p50Ms: 0.571, p99Ms: 1.804, errors: 2, client: "ghz" },
];

describe("ProgressBar", () => {
  it("writes plain lines off a terminal: phases, warnings and one line per finished cell", () => {
    const { writes, out } = stream(false);
    const bar = new ProgressBar(out, { color: true });
    for (const event of events) bar.handle(event);
    bar.finish();
    expect(writes.join("")).toBe(
      "> measuring 6 cells\nwarning: ghz used 95% CPU\n[5/12] item.get warm gRPC trial 2/3: p50 0.571 ms, p99 1.804 ms, 13,104 rps, 2 errors (ghz)\n",
    );
  });

  it("names a cell's placement unless it is loopback", () => {
    const { writes, out } = stream(false);
    const bar = new ProgressBar(out, { color: false });
    const end = (placement: CellRef["placement"]): RunEvent => ({
      type: "cell-end",
      cell: { ...cell, placement },
      rps: 6.8,
      p50Ms: 147.9,
      p99Ms: 150.2,
      errors: 0,
    });
    bar.handle(end("cross-region"));
    bar.handle(end("loopback"));
    bar.finish();
    expect(writes.join("")).toContain("[5/12] item.get warm @cross-region gRPC trial 2/3: p50 147.900 ms");
    expect(writes.join("")).toContain("[5/12] item.get warm gRPC trial 2/3: p50 147.900 ms");
  });

  it("names a swept cell's point, its stack, and a point the search added", () => {
    const { writes, out } = stream(false);
    const bar = new ProgressBar(out, { color: false });
    const end = (swept: Partial<CellRef>): RunEvent => ({
      type: "cell-end",
      cell: { ...cell, workload: "item.list", protocol: "rest", ...swept },
      rps: 540,
      p50Ms: 13.1,
      p99Ms: 21.3,
      errors: 0,
    });
    bar.handle(end({ coords: { records: 1000 }, stack: "h2c" }));
    bar.handle(end({ coords: { records: 31, connections: 8 }, refinement: true }));
    bar.handle(end({ coords: { payloadBytes: 49152 } }));
    // A list-only sweep's cells have no knobs: the label reads as outside a sweep.
    bar.handle(end({ coords: {} }));
    bar.finish();
    expect(writes).toEqual([
      "[5/12] item.list records=1,000 warm REST h2c trial 2/3: p50 13.100 ms, p99 21.300 ms, 540 rps\n",
      "[5/12] item.list records=31, connections=8 (refining) warm REST trial 2/3: p50 13.100 ms, p99 21.300 ms, 540 rps\n",
      "[5/12] item.list payloadBytes=48.0 KiB warm REST trial 2/3: p50 13.100 ms, p99 21.300 ms, 540 rps\n",
      "[5/12] item.list warm REST trial 2/3: p50 13.100 ms, p99 21.300 ms, 540 rps\n",
    ]);
  });

  it("shows the point on the bar while a swept cell is measured", () => {
    let now = 0;
    const { writes, out } = stream(true);
    const bar = new ProgressBar(out, { now: () => (now += 1000) });
    bar.handle({ type: "cell-start", cell: { ...cell, coords: { records: 10000 } }, warmupMs: 0, durationMs: 1000 });
    expect(writes.at(-1)).toContain("[5/12] item.get records=10,000 warm gRPC trial 2/3 · measuring");
  });

  it("redraws one bar in place on a terminal, with ETA, the cell and live rps", () => {
    let now = 0;
    const { writes, out } = stream(true);
    const bar = new ProgressBar(out, { now: () => (now += 1000) });
    for (const event of events.slice(0, 4)) bar.handle(event);
    const last = writes.at(-1)!;
    expect(last.startsWith("\r\x1b[2K")).toBe(true);
    expect(last).toContain(
      "██████████░░░░░░░░░░░░░░  42%  ETA 0:17  [5/12] item.get warm gRPC trial 2/3 · 13,104 req/s",
    );
    expect(last).not.toContain("\n");
  });

  it("keeps finished cells and warnings above the bar, and clears it at the end", () => {
    let now = 0;
    const { writes, out } = stream(true);
    const bar = new ProgressBar(out, { now: () => (now += 1000) });
    for (const event of events) bar.handle(event);
    bar.finish();
    const text = writes.join("");
    expect(text).toContain("\r\x1b[2Kwarning: ghz used 95% CPU\n");
    expect(text).toContain("\r\x1b[2Kdone [5/12] item.get warm gRPC trial 2/3: p50 0.571 ms");
    expect(text.endsWith("\r\x1b[2K")).toBe(true);
  });

  it("does not redraw more than ten times a second", () => {
    const { writes, out } = stream(true);
    const bar = new ProgressBar(out, { now: () => 5 });
    bar.handle(events[1]!);
    const before = writes.length;
    for (let i = 0; i < 50; i++) bar.handle({ type: "progress", fraction: i / 50, elapsedMs: i, remainingMs: 1000 });
    expect(writes.length).toBe(before);
  });

  it("fits the terminal's width", () => {
    const writes: string[] = [];
    const bar = new ProgressBar({ isTTY: true, columns: 40, write: (t: string) => writes.push(t) }, { now: () => 0 });
    bar.handle(events[1]!);
    expect(writes.at(-1)!.replace("\r\x1b[2K", "").length).toBeLessThanOrEqual(39);
  });
});
