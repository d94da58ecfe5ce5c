import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runSpecSchema } from "@relix/core/spec/run-spec";
import { newRunId } from "@relix/core/ids/run-id";
import { FileResultsStore } from "@relix/runner/src/store/file-results-store";
import { ABANDONED_RUNNING_REASON } from "@relix/runner/src/store/results-store";
import { startTestRunner, type TestRunner } from "@relix/runner/src/server/testing/test-runner";

// The page is loaded by a specifier tsc does not follow: with it, Next's global types (a required
// NODE_ENV) would apply to the runner's code this test starts, which they do not fit (see
// test/tsconfig.json). Vitest resolves it as usual.
type RunPageComponent = (props: { params: Promise<{ id: string }> }) => Promise<ReactElement>;
const RUN_PAGE_MODULE: string = "@/app/runs/[id]/page";
const loadRunPage = async (): Promise<RunPageComponent> =>
  ((await import(RUN_PAGE_MODULE)) as { default: RunPageComponent }).default;

// The permalink of a run whose runner crashed, as the web app renders it from the runner service.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
});

describe("the run page of a run interrupted by a crash", () => {
  it("shows it failed, with the reason the runner recorded, and what it was asked to measure", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "relix-web-crash-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // A runner accepted the run and started it, then its process went away without a shutdown.
    const crashed = new FileResultsStore(dir);
    await crashed.init();
    const id = newRunId();
    const spec = runSpecSchema.parse({ workloads: ["item.get"], durationMs: 2000 });
    await crashed.createRun({ id, preset: null, spec, createdAt: Date.now() });
    await crashed.markRunning(id, Date.now());
    await crashed.close();
    // The next runner on the same directory, after its start-up sweep.
    const store = new FileResultsStore(dir);
    await store.init();
    cleanups.push(() => store.close());
    await store.markInterruptedRuns(Date.now());
    const runner: TestRunner = await startTestRunner({ store });
    cleanups.push(() => runner.close());

    vi.stubEnv("RUNNER_URL", runner.url);
    const RunPage = await loadRunPage();
    const html = renderToStaticMarkup(await RunPage({ params: Promise.resolve({ id }) }));
    expect(html).toContain('data-status="failed"');
    expect(html).toContain("This run failed.");
    expect(html).toContain(ABANDONED_RUNNING_REASON);
    expect(html).toContain("1 workload");
    // Not the live view: there is nothing left to follow.
    expect(html).not.toContain("Waiting for the runner");
  });
});
