import { describe, expect, it } from "vitest";
import { runSpecSchema } from "@relix/core";
import { newRunId } from "@relix/core/ids/run-id";
import { MysqlResultsStore } from "../../store/mysql-results-store";
import { ABANDONED_RUNNING_REASON } from "../../store/results-store";
import { createTestDatabase } from "../../store/testing/test-database";
import { startAbandonedRunsSweep } from "./abandoned-runs-sweep";
import type { Logger } from "../logger";

const spec = runSpecSchema.parse({ workloads: ["noop"], durationMs: 1000 });

describe("the sweep for runs of runners that stopped", () => {
  it("fails a peer's run once the peer has stopped beating, without waiting for a restart", async () => {
    const db = await createTestDatabase();
    // The peer beats at start-up only: from then on it looks like a runner that died elsewhere.
    const peer = new MysqlResultsStore(db.url, { heartbeatMs: 3_600_000 });
    const live = new MysqlResultsStore(db.url, { staleAfterMs: 300 });
    const warnings: string[] = [];
    const log: Logger = { info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };
    try {
      await peer.init();
      await live.init();
      const id = newRunId();
      await peer.createRun({ id, preset: null, spec, createdAt: 1 });
      await peer.markRunning(id, 2);

      const sweep = await startAbandonedRunsSweep(live, log, 100);
      try {
        // At start-up the peer is alive: its run is left alone.
        expect(sweep.first).toEqual({ running: [], queued: [] });
        const deadline = Date.now() + 5_000;
        while ((await live.getRun(id))?.status === "running" && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await live.getRun(id)).toMatchObject({ status: "failed", reason: ABANDONED_RUNNING_REASON });
        expect(warnings.join("\n")).toMatch(/left 1 run\(s\) running and 0 queued: marked failed/);
      } finally {
        sweep.stop();
      }
    } finally {
      await peer.close();
      await live.close();
      await db.drop();
    }
  });
});
