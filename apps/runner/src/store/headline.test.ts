import { afterEach, describe, expect, it } from "vitest";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { startTestRunner, type TestRunner } from "../server/testing/test-runner";
import { HEADLINE_MAX_CHARS } from "./headline";
import { useMysqlResultsStore } from "./testing/use-mysql-results-store";

// The headline of a run is stored beside it (MySQL: a TEXT column, 64 KB) and shown in lists; an
// imported document may carry texts of any length.

const mysqlStore = useMysqlResultsStore();
let runner: TestRunner | undefined;
afterEach(async () => {
  await runner?.close();
});

describe("a run's headline", () => {
  it("cuts a verdict and a workload too long for a headline with an ellipsis; the result keeps them whole", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const result = makeRunResult({ spec: { workloads: ["noop"] } });
    const verdict = "gRPC is faster, and here is why: ".repeat(3000); // ~100 KB
    const workload = `custom-${"w".repeat(70_000)}`;
    result.cells[0] = { ...result.cells[0]!, verdict, workload };

    const response = await runner.request("/api/results", { json: result });
    expect(response.status).toBe(201);
    const { id } = await response.json();

    const { runs } = await (await runner.request("/api/runs")).json();
    const headline = runs.find((run: { id: string }) => run.id === id).headline;
    expect(headline.verdict).toHaveLength(HEADLINE_MAX_CHARS.verdict);
    expect(headline.verdict).toMatch(/^gRPC is faster, and here is why: .*…$/);
    expect(headline.workload).toHaveLength(HEADLINE_MAX_CHARS.workload);
    expect(headline.workload).toMatch(/^custom-w+…$/);

    const run = await (await runner.request(`/api/runs/${id}`)).json();
    expect(run.result.cells[0].verdict).toBe(verdict);
    expect(run.result.cells[0].workload).toBe(workload);
  });

  it("never cuts a character in half", async () => {
    runner = await startTestRunner({ store: mysqlStore.store });
    const result = makeRunResult({ spec: { workloads: ["noop"] } });
    result.cells[0] = { ...result.cells[0]!, verdict: `x${"🚀".repeat(1000)}` };
    const { id } = await (await runner.request("/api/results", { json: result })).json();
    const { headline } = await (await runner.request(`/api/runs/${id}`)).json();
    expect(headline.verdict.isWellFormed()).toBe(true);
    expect(headline.verdict).toMatch(/^x(🚀)+…$/u);
  });
});
