import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeRunner } from "../fake-runner/fake-runner";
import { ensureWebBuild, launchBrowser, startRunner, startWeb, type Started } from "./stack";

// End to end, as a user would: real headless Chromium against the production build of the web
// app. The first suite runs the real stack (runner service + REST/gRPC APIs + Redis + MySQL from
// the test global setup); the second uses the fake runner only to cut the live stream again and
// again, which the real one does not do on demand.

let browser: Browser;

beforeAll(async () => {
  ensureWebBuild();
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

async function samplesOf(page: Page): Promise<number> {
  return Number((await page.getAttribute('[data-testid="live-run"]', "data-samples")) ?? 0);
}

describe("the web app against the real runner", () => {
  let runner: Started;
  let web: Started;
  let resultsDir: string;
  let runId = "";
  let importedId = "";

  beforeAll(async () => {
    resultsDir = mkdtempSync(join(tmpdir(), "relix-web-e2e-"));
    runner = await startRunner(resultsDir);
    web = await startWeb(runner.url);
  }, 180_000);

  afterAll(async () => {
    await web?.stop();
    await runner?.stop();
    if (resultsDir) rmSync(resultsDir, { recursive: true, force: true });
  }, 60_000);

  it("starts a short run from the form, shows live samples, then the report at the same permalink", async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.goto(`${web.url}/`);
    expect(await page.locator('[data-preset="quick"]').count()).toBe(1);
    await page.click('[data-preset="quick"]');
    await page.click("details.advanced > summary");
    // Keep it short: two workloads, warm only, 3 s windows.
    for (const id of ["meteorites.get", "stream"]) await page.uncheck(`input[name="workloads"][value="${id}"]`);
    await page.click('label.chip:has(input[name="cacheModes"][value="cold"])');
    expect(await page.isChecked('input[name="cacheModes"][value="cold"]')).toBe(false);
    await page.fill("#duration", "3");
    await page.fill("#warmup", "0.5");

    // A value out of bounds is refused before anything is sent, with the bound in the message.
    await page.fill("#connections", "0");
    await page.click('[data-testid="run-benchmark"]');
    await expect(page.locator('[data-field-error="connections"]').textContent()).resolves.toMatch(/between 1–256/);
    await page.fill("#connections", "4");

    await page.click('[data-testid="run-benchmark"]');
    await page.waitForURL(/\/runs\/[A-Za-z0-9_-]{8,64}$/, { timeout: 30_000 });
    runId = page.url().split("/").at(-1)!;

    // Live: per-second samples from both protocols arrive over SSE and are drawn.
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="live-run"]')?.getAttribute("data-samples") ?? 0) >= 2,
      null,
      {
        timeout: 120_000,
      },
    );
    expect(await samplesOf(page)).toBeGreaterThanOrEqual(2);
    await expect(page.locator('[data-testid="live-throughput"] .recharts-line').count()).resolves.toBeGreaterThan(0);

    // Done: the same URL turns into the report without a reload.
    await page.waitForSelector('[data-testid="report"]', { timeout: 180_000 });
    expect(page.url()).toBe(`${web.url}/runs/${runId}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it("serves the permalink to a new browser: verdicts, charts with table views, exports", async () => {
    expect(runId).not.toBe("");
    const began = performance.now();
    const html = await fetch(`${web.url}/runs/${runId}`).then((r) => r.text());
    const firstContentMs = performance.now() - began;
    console.log(`[e2e] report HTML (server-rendered, verdicts included) in ${Math.round(firstContentMs)} ms`);
    expect(html).toContain('data-testid="verdict"');
    expect(firstContentMs).toBeLessThan(5_000);

    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${web.url}/runs/${runId}`);
    await page.waitForSelector('[data-testid="report"]');
    const verdicts = await page.locator('[data-testid="verdict"]').allTextContents();
    expect(verdicts.length).toBe(2); // noop (no cache) + item.get warm
    for (const verdict of verdicts)
      expect(verdict).toMatch(/^(gRPC|REST) \d+\.\d\dx faster at p50|^no (significant )?difference at p50/);
    await page.waitForSelector(".recharts-surface");
    expect(await page.locator('[data-testid="chart"]').count()).toBeGreaterThanOrEqual(8);
    expect(await page.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);

    // Every chart has a table view with the numbers.
    const firstChart = page.locator('[data-testid="chart"]').first();
    await firstChart.getByRole("button", { name: "Table" }).click();
    await expect(firstChart.locator("table tbody tr").count()).resolves.toBeGreaterThan(0);

    for (const [format, type, start] of [
      ["json", "application/json", "{"],
      ["csv", "text/csv", "run_id,"],
      ["md", "text/markdown", "# Relix run"],
    ] as const) {
      const response = await context.request.get(`${web.url}/api/runs/${runId}/export/${format}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain(type);
      expect((await response.text()).startsWith(start)).toBe(true);
    }
    await context.close();
  }, 120_000);

  it("imports a downloaded result to a new permalink, and compares the two runs", async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    const json = await (await context.request.get(`${web.url}/api/runs/${runId}/export/json`)).body();

    await page.goto(`${web.url}/runs#import`);
    await page.setInputFiles('[data-testid="import-form"] input[name="result"]', {
      name: "result.json",
      mimeType: "application/json",
      buffer: json,
    });
    await page.click('[data-testid="import-form"] button[type="submit"]');
    await page.waitForURL((url) => /\/runs\/[A-Za-z0-9_-]{8,64}$/.test(url.pathname) && !url.pathname.endsWith(runId), {
      timeout: 30_000,
    });
    importedId = page.url().split("/").at(-1)!;
    await page.waitForSelector('[data-testid="report"]');

    await page.goto(`${web.url}/runs`);
    await page.check(`input[name="runs"][value="${runId}"]`);
    await page.check(`input[name="runs"][value="${importedId}"]`);
    await page.click('[data-testid="compare-selected"]');
    await page.waitForSelector('[data-testid="compare"]');
    const compareUrl = new URL(page.url());
    expect(compareUrl.pathname).toBe("/compare");
    expect(compareUrl.searchParams.get("runs")?.split(",").sort()).toEqual([runId, importedId].sort());

    // The comparison is a permalink too.
    const other = await browser.newContext();
    const again = await other.newPage();
    await again.goto(compareUrl.toString());
    await again.waitForSelector('[data-testid="compare-cells"]');
    expect(await again.locator('[data-testid="compare-runs"] tbody tr').count()).toBe(2);
    await again.waitForSelector('[data-testid="compare-p50"] .recharts-surface');
    await other.close();
    await context.close();
  }, 120_000);

  it("answers an unknown run id with a 404 page", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${web.url}/runs/NoSuchRunAtAll0000`);
    expect(response?.status()).toBe(404);
    // The page may stream its not-found boundary in after the load event: wait for it, then count.
    await page.locator('[data-testid="not-found"]').waitFor({ timeout: 15_000 });
    await expect(page.locator('[data-testid="not-found"]').count()).resolves.toBe(1);
    await page.close();
  });

  it("refuses a cross-site POST that would start a run", async () => {
    const response = await fetch(`${web.url}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://evil.example" },
      body: JSON.stringify({ preset: "quick" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("the live page when the stream keeps dropping (fake runner)", () => {
  let fake: FakeRunner;
  let web: Started;

  beforeAll(async () => {
    fake = new FakeRunner({ tickMs: 60, dropAfterEvents: 9, hold: true });
    web = await startWeb(await fake.listen());
  }, 120_000);

  afterAll(async () => {
    await web?.stop();
    await fake?.close();
  }, 60_000);

  it("reconnects with Last-Event-ID and ends with every sample exactly once", async () => {
    const started = await fetch(`${web.url}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: web.url },
      body: JSON.stringify({ spec: { workloads: ["noop", "echo"], durationMs: 3000, warmupMs: 1000, trials: 1 } }),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };

    const page = await browser.newPage();
    await page.goto(`${web.url}/runs/${id}`);
    // 2 cells x 2 protocols x 4 seconds, sent over streams cut every 9 events.
    const expected = 16;
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="live-run"]')?.getAttribute("data-samples") ?? 0) >= n,
      expected,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(1_000);
    expect(fake.sampleCount(id)).toBe(expected);
    expect(await samplesOf(page)).toBe(expected);
    // The error the fake reports on echo's gRPC side shows up as it happens.
    await expect(page.locator('[data-testid="messages"]').textContent()).resolves.toMatch(/gRPC errors in echo/);

    fake.release(id);
    await page.waitForSelector('[data-testid="report"]', { timeout: 30_000 });
    await page.close();
  }, 120_000);
});
