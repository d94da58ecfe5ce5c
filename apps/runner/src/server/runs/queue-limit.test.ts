import { afterEach, describe, expect, it } from "vitest";
import { useMysqlResultsStore } from "../../store/testing/use-mysql-results-store";
import { startTestRunner, type TestRunner } from "../testing/test-runner";

const mysqlStore = useMysqlResultsStore();
let runner: TestRunner;
afterEach(async () => {
  await runner.close();
});

describe("the queue limit", () => {
  it("holds when many runs are posted at once: no more than the limit ever wait, the rest get 429", async () => {
    const limit = 3;
    runner = await startTestRunner({ store: mysqlStore.store, maxQueued: limit });
    const body = { spec: { workloads: ["noop"] } };
    const statuses = await Promise.all(
      Array.from({ length: 4 * limit }, async () => (await runner.request("/api/runs", { json: body })).status),
    );

    const accepted = statuses.filter((status) => status === 202).length;
    // `limit` waiting, plus the one that may already have left the queue to run.
    expect(accepted).toBeGreaterThanOrEqual(limit);
    expect(accepted).toBeLessThanOrEqual(limit + 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(statuses.length - accepted);
    const health = await (await runner.request("/healthz")).json();
    expect(health.waiting).toBeLessThanOrEqual(limit);
    // A refused run leaves no record behind.
    expect(await mysqlStore.store.listRuns(1000)).toHaveLength(accepted);
  });
});
