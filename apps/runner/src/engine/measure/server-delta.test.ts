import { describe, expect, it } from "vitest";
import type { ServerStatsSnapshot } from "@relix/io";
import { joinedSnapshots, serverDelta } from "./server-stats";

const snapshot = (requests: number, errors: number, cancelled?: number) =>
  ({
    requests: { requests, errors, ...(cancelled === undefined ? {} : { cancelled }), serverTimeUs: requests * 100 },
    cpu: { userUs: requests * 10, systemUs: 0 },
    rss: { currentBytes: 1, peakBytes: 1, peakSinceMs: 0 },
    cache: { hit: 0, miss: 0 },
    wire: { bytesReceived: 0, bytesSent: 0 },
  }) as unknown as ServerStatsSnapshot;

describe("serverDelta's failed calls", () => {
  it("leaves out the calls a client cancelled by closing its connection at the end of its run", () => {
    // 3 streams in flight when a slice's tool closed its sockets, and 2 real failures.
    expect(serverDelta(snapshot(0, 0, 0), snapshot(500, 5, 3), false).failed).toBe(2);
  });

  it("counts every error as a failure for a server that does not report cancellations apart", () => {
    expect(serverDelta(snapshot(0, 0), snapshot(500, 5), false).failed).toBe(5);
  });

  it("adds up each slice's own cancellations when slices are joined", () => {
    const joined = joinedSnapshots([
      { before: snapshot(0, 0, 0), after: snapshot(100, 4, 4) },
      // Another stack of the same process failed 7 calls in between: not this stack's.
      { before: snapshot(200, 11, 4), after: snapshot(300, 13, 5) },
    ]);
    expect(serverDelta(joined.before, joined.after, false).failed).toBe(1);
  });
});
