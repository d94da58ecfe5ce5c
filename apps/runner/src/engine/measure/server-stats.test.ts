import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCallContext, getWorkload } from "@relix/core";
import { stacksOfRuntime } from "@relix/core/stacks/stacks";
import { readStats } from "./server-stats";
import { stackClient } from "@relix/io/clients/stack-client";
import { stackAddress, stackStats } from "../plan/stack-table";
import { startLocalServices, type LocalServices } from "../testing/local-services";

/** The stacks the Node services serve (the other runtimes' have tests of their own: runtime-stacks.test.ts). */
const nodeStacks = stacksOfRuntime("node");

// The runner's reads of /stats against the real services (their bundles, as a run starts them):
// the reset before each measured run must reach every stack, over HTTP/1.1 and h2c alike, now that
// the services take it only as a POST with a header.

let local: LocalServices;

beforeAll(async () => {
  local = await startLocalServices();
});
afterAll(async () => {
  await local?.services.stop();
});

describe("readStats", () => {
  it("starts a new peak-RSS window on every stack when asked, and a plain read leaves it alone", async () => {
    for (const stack of nodeStacks) {
      const endpoint = stackStats(local.targets, stack);
      const before = (await readStats(endpoint)).rss.peakSinceMs;
      // The window's start is in ms: let the clock move, so a reset shows.
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await readStats(endpoint)).rss.peakSinceMs, `${stack}: a plain read`).toBe(before);

      const asked = Date.now();
      const answered = await readStats(endpoint, { resetPeakRss: true });
      expect(answered.rss.peakSinceMs, `${stack}: the snapshot before the reset`).toBe(before);
      expect((await readStats(endpoint)).rss.peakSinceMs, `${stack}: reset`).toBeGreaterThanOrEqual(asked);
    }
  });

  it("leaves the calls of the last second to the live poll: the counter reads around slices do not take them", async () => {
    const noop = getWorkload("noop");
    for (const stack of nodeStacks) {
      const endpoint = stackStats(local.targets, stack);
      await readStats(endpoint, { live: true }); // a fresh interval
      const client = stackClient(stack, stackAddress(local.targets, stack));
      try {
        for (let i = 0; i < 5; i++) await client.call(noop, {}, defaultCallContext);
      } finally {
        client.close();
      }
      // What the engine does around every slice: read the counters, with and without a reset.
      await readStats(endpoint);
      await readStats(endpoint, { resetPeakRss: true });
      const live = await readStats(endpoint, { live: true });
      expect(live.interval.count, `${stack}: the live poll still sees the calls`).toBeGreaterThanOrEqual(5);
      expect((await readStats(endpoint, { live: true })).interval.count, `${stack}: taken once`).toBe(0);
    }
  });
});
