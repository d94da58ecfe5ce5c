import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stackIds } from "@relix/core/stacks/stacks";
import { readStats } from "./server-stats";
import { stackStats } from "./stack-table";
import { startLocalServices, type LocalServices } from "./testing/local-services";

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
    for (const stack of stackIds) {
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
});
