import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeRun } from "@relix/runner/src/server/testing/fake-engine";
import { startTestRunner, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import type { CellRef } from "@relix/core/runner-api/run-events";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_ONLY_MARKERS, serverOnlyInClientBundle } from "./client-bundle";
import { startCuttingProxy, type CuttingProxy } from "./cutting-proxy";
import { importThroughForm } from "./import-result";
import {
  BUILD_RUNNER_TOKEN,
  ensureWebBuild,
  launchBrowser,
  startRunner,
  startWeb,
  WEB_DIR,
  type Started,
} from "./stack";

// End to end, as a user would: real headless Chromium against the production build of the web
// app. The first suite runs the real stack (runner service + REST/gRPC APIs + Redis + MySQL from
// the test global setup); the second runs the runner service in this process with its fake
// engine, behind a proxy that cuts the live stream again and again.

let browser: Browser;

beforeAll(async () => {
  ensureWebBuild();
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

/** A permalink in a browser that has seen nothing else: what it shows comes from the stored result. */
async function openInNewBrowser(url: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page };
}

/**
 * A cell's verdict for a closed loop of `inFlight` calls: "REST answers 1.20x sooner at one call in
 * flight; gRPC serves 1.90x the calls per core at 4 in flight", one side's both answers joined with
 * "and", or either part naming no side (the figures of a short run decide which); servers busy
 * under 0.8 of a core name no side for capacity, and say how busy each was.
 */
function questionsSentence(inFlight: number): RegExp {
  const noWinner = "(?:not enough to tell|the same within \\d+(?:\\.\\d+)?%)";
  const busy = "\\d+(?:\\.\\d)?%";
  const unsaturated = `not saturated \\(REST busy ${busy} of a core, gRPC ${busy}\\)`;
  const answers = "answers \\d+\\.\\d{2}x sooner at one call in flight";
  const serves = `serves \\d+\\.\\d{2}x the calls per core at ${inFlight} in flight`;
  const latency = `(?:(?:gRPC|REST) ${answers}|latency at one call in flight: ${noWinner})`;
  const capacity = `(?:(?:gRPC|REST) ${serves}|calls per core at ${inFlight} in flight: (?:${noWinner}|${unsaturated}))`;
  return new RegExp(`^(?:(?:gRPC|REST) ${answers} and ${serves}|${latency}; ${capacity})$`);
}

/**
 * Waits until the runner calls the run final; a run that ends other than done fails the test with the
 * runner's reason and its last output lines, so a CI log says why the report never came.
 */
async function expectRunDone(runner: Started, runId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: { status?: string; reason?: string } = {};
  while (Date.now() < deadline) {
    last = (await fetch(`${runner.url}/api/runs/${runId}`).then((r) => r.json())) as typeof last;
    if (last.status === "done") return;
    if (last.status === "failed" || last.status === "cancelled") break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `run ${runId} is ${last.status ?? "unknown"}${last.reason ? `: ${last.reason}` : ""}\n${runner.output()}`,
  );
}

async function samplesOf(page: Page): Promise<number> {
  return Number((await page.getAttribute('[data-testid="live-run"]', "data-samples")) ?? 0);
}

describe("the production build", () => {
  it("sends the browser no server-only module, and never the runner's token", () => {
    const markers = { ...SERVER_ONLY_MARKERS, "the token the test build was made with": [BUILD_RUNNER_TOKEN] };
    const found = serverOnlyInClientBundle(WEB_DIR, markers);
    expect(found).toEqual([]);
  });
});

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
    // Keep it short: two workloads, warm only (quick's own), 3 s windows.
    for (const id of ["meteorites.get", "stream"]) await page.uncheck(`input[name="workloads"][value="${id}"]`);
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

    // Done: the same URL turns into the report without a reload. A run that fails says why here.
    await expectRunDone(runner, runId, 180_000);
    await page.waitForSelector('[data-testid="report"]', { timeout: 30_000 });
    expect(page.url()).toBe(`${web.url}/runs/${runId}`);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 300_000);

  it("lets the crossover preset's sweep be narrowed or cleared, and sends a cleared one as null", async () => {
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    let sent: unknown = null;
    // Only the request is under test: answer it here so no run starts.
    await page.route("**/api/runs", async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        status: 400,
        json: { error: { message: "not started: the test only reads the request" } },
      });
    });
    await page.goto(`${web.url}/?preset=crossover`);
    await page.click("details.advanced > summary");
    // The sweep sets records and placements: their own inputs say so and cannot be changed.
    expect(await page.isDisabled("#records")).toBe(true);
    expect(await page.isDisabled('input[name="network"][value="cross-region"]')).toBe(true);
    await expect(page.locator("#records-hint").textContent()).resolves.toMatch(/set by the sweep's records axis/);

    // Dropping the first axis moves the second up; dropping that too leaves one point.
    await page.selectOption("#sweep-dimension-0", "");
    expect(await page.inputValue("#sweep-dimension-0")).toBe("network");
    expect(await page.isDisabled("#records")).toBe(false);
    await page.selectOption("#sweep-dimension-0", "");
    expect(await page.inputValue("#sweep-dimension-0")).toBe("");
    expect(await page.isDisabled('input[name="network"][value="cross-region"]')).toBe(false);

    await page.click('[data-testid="run-benchmark"]');
    await expect.poll(() => sent).toEqual({ preset: "crossover", spec: { sweep: null } });
    await context.close();
  }, 120_000);

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
    // Each cell's two questions in one sentence: the form's 4 in flight is a closed loop of more than
    // one, so latency is read again at one call in flight, and capacity at the cell's own 4.
    for (const verdict of verdicts) expect(verdict).toMatch(questionsSentence(4));
    // Then each answer's own sentence, with its interval.
    expect(await page.locator('[data-testid="verdict-latency"]').count()).toBe(2);
    expect(await page.locator('[data-testid="verdict-capacity"]').count()).toBe(2);
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

    // A new permalink, not the run it was downloaded from.
    await importThroughForm(page, web.url, "result.json", json, runId);
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

  it("shows a two-placement result's speedup against RTT as a chart with a table view, at its permalink", async () => {
    const placed = makeRunResult({
      id: "r_e2e_placements01",
      spec: { workloads: ["noop", "item.get"], network: ["loopback", "cross-region"], trials: 3 },
      placements: [{ name: "cross-region", measuredRttMs: 148.2 }],
      emulatorOverhead: true,
    });
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await importThroughForm(page, web.url, "placements.json", Buffer.from(JSON.stringify(placed)));
    const permalink = page.url();

    // A new browser at the permalink: the chart is read from the stored result.
    const { context: other, page: again } = await openInNewBrowser(permalink);
    await again.waitForSelector('[data-testid="placements"]');
    const charts = again.locator('[data-testid="rtt-chart"]');
    expect(await charts.count()).toBe(2); // noop and item.get warm
    await again.waitForSelector('[data-testid="rtt-chart"] .recharts-surface');
    const first = charts.first();
    expect(await first.locator(".recharts-line-dot, .recharts-dot").count()).toBe(2); // one point per placement
    expect(await first.textContent()).toContain("measured RTT, ms (log scale)");
    await first.getByRole("button", { name: "Table" }).click();
    const rows = await first.locator("table tbody tr").allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^loopback/);
    expect(rows[1]).toMatch(/^cross-region148\.2 ms/);
    expect(await again.locator('[data-testid="placement-verdicts"]').textContent()).toContain(
      "at 148.2 ms RTT (cross-region)",
    );
    await other.close();
    await context.close();
  }, 120_000);

  it("walks an imported result with stacks from express to grpc-js, chart and table, at its permalink", async () => {
    const stacked = makeRunResult({
      id: "r_e2e_stacks000001",
      spec: {
        workloads: ["noop", "item.get"],
        stacks: ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"],
        trials: 3,
      },
    });
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await importThroughForm(page, web.url, "stacks.json", Buffer.from(JSON.stringify(stacked)));
    const permalink = page.url();

    const { context: other, page: again } = await openInNewBrowser(permalink);
    await again.waitForSelector('[data-testid="stacks"]');
    expect(await again.locator('[data-testid="stack-panel"]').count()).toBe(2); // noop and item.get warm
    const ladder = again.locator('[data-testid="stack-ladder"]').first();
    await ladder.locator(".recharts-surface").waitFor();
    // Four layer steps and the whole difference, each a point with its interval.
    expect(await ladder.locator(".recharts-scatter-symbol").count()).toBe(5);
    expect(await ladder.textContent()).toContain("log scale");
    await ladder.getByRole("button", { name: "Table" }).click();
    const rungs = await ladder.locator("table tbody tr").allTextContents();
    expect(rungs).toHaveLength(5);
    expect(rungs[0]).toMatch(/^framework: express → node1\.14x1\.\d\d–1\.\d\d/);
    expect(rungs[4]).toMatch(/^whole difference: express → grpc-js1\.60x/);

    const split = again.locator('[data-testid="stack-split"]').first();
    await split.locator(".recharts-surface").waitFor();
    expect(await split.textContent()).toContain("mean client latency per request, ms");
    await split.getByRole("button", { name: "Table" }).click();
    const parts = await split.locator("table tbody tr").allTextContents();
    expect(parts).toHaveLength(6);
    expect(parts[0]).toMatch(/^express0\.9000\.8400\.0320\.0080\.0200\.900yes/);
    await other.close();
    await context.close();
  }, 120_000);

  it("maps an imported records x network sweep as a heatmap with its crossover line and a table, at its permalink", async () => {
    const swept = makeSweepResult({
      id: "r_e2e_sweep0000001",
      axes: [
        { dimension: "records", values: [1, 10, 100, 1000, 10000] },
        { dimension: "network", values: ["loopback", "cross-region"] },
      ],
      // REST ahead on small replies on loopback, gRPC ahead from 1,000 records; gRPC everywhere at 147 ms.
      speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
      refinements: [{ records: 300, network: "loopback" }],
      placements: [{ name: "cross-region", measuredRttMs: 148.2 }],
    });
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await importThroughForm(page, web.url, "sweep.json", Buffer.from(JSON.stringify(swept)));
    const permalink = page.url();

    const { context: other, page: again } = await openInNewBrowser(permalink);
    await again.waitForSelector('[data-testid="sweep"]');
    const sentences = await again.locator('[data-testid="sweep-crossovers"] li').allTextContents();
    expect(sentences).toEqual([
      "gRPC starts to win at about 550 records on loopback (between 300 and 1,000)",
      "gRPC wins at every size from 1 to 10,000 records at 147 ms RTT (cross-region)",
    ]);
    const card = again.locator('[data-testid="sweep-heatmap-card"]');
    const heatmap = card.locator('[data-testid="sweep-heatmap"]');
    await heatmap.waitFor();
    // As the terminal prints the grid: six rows of records (the one the search added among them),
    // a column per placement, each cell labelled with its speedup and coloured by who wins.
    expect(await heatmap.locator('[data-testid="sweep-cell"]').count()).toBe(12);
    expect(await heatmap.locator('[data-testid="sweep-cell"][data-winner="rest"]').count()).toBe(4);
    expect(await heatmap.locator('[data-testid="sweep-cell"][data-winner="grpc"]').count()).toBe(7);
    expect(await heatmap.locator('[data-testid="sweep-cell"][data-winner="unmeasured"]').count()).toBe(1);
    expect(await heatmap.locator('[data-testid="sweep-row-tick"]').allTextContents()).toEqual([
      "1",
      "10",
      "100",
      "300 *",
      "1,000",
      "10k",
    ]);
    const text = (await heatmap.textContent()) ?? "";
    for (const label of [
      "0.70x",
      "1.40x",
      "1.60x",
      "loopback",
      "cross-region",
      "records per reply",
      "network placement",
    ])
      expect(text).toContain(label);
    // One crossover line, across the loopback column (the first), between the 300 and 1,000 rows, labelled.
    const line = heatmap.locator('[data-testid="sweep-crossover-line"] line');
    expect(await line.count()).toBe(1);
    const y = Number(await line.getAttribute("y1"));
    expect(Number(await line.getAttribute("y2"))).toBe(y);
    const [x1, x2] = [Number(await line.getAttribute("x1")), Number(await line.getAttribute("x2"))];
    const cells = heatmap.locator('[data-testid="sweep-cell"] rect');
    const at = async (i: number, attribute: "x" | "y") => Number(await cells.nth(i).getAttribute(attribute));
    expect(x1).toBeLessThan(await at(0, "x"));
    expect((x1 + x2) / 2).toBeLessThan(await at(1, "x"));
    // Cells run row by row, two a row: row 3 is 300 records, row 4 1,000.
    expect(y).toBeGreaterThan(await at(6, "y"));
    expect(y).toBeLessThan((await at(8, "y")) + 28);
    expect(await heatmap.locator('[data-testid="sweep-crossover-label"]').textContent()).toBe(
      "loopback: gRPC starts to win at about 550 records",
    );
    // The table view reads exactly like the terminal's grid.
    await card.getByRole("button", { name: "Table" }).click();
    expect(await card.locator("table thead th").allTextContents()).toEqual(["records", "loopback", "cross-region"]);
    const rows = await card.locator("table tbody tr").allTextContents();
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatch(/^1 record0\.70x \[0\.\d\d-0\.\d\d\] REST1\.60x \[1\.\d\d-1\.\d\d\] gRPC$/);
    expect(rows[3]).toMatch(/^300 records \*0\.70x \[0\.\d\d-0\.\d\d\] REST-$/);
    expect(rows.at(-1)).toMatch(/^10,000 records1\.40x .* gRPC1\.60x .* gRPC$/);
    await other.close();
    await context.close();
  }, 120_000);

  it("draws an imported 1-D sweep as a speedup line on a log axis, its CI band, the added point and the crossover", async () => {
    const swept = makeSweepResult({
      id: "r_e2e_sweep0000002",
      axes: [{ dimension: "payloadBytes", values: [1024, 16384, 262144, 1048576] }],
      workload: "upload",
      speedupAt: (c) => ((c.payloadBytes as number) > 20000 ? 1.3 : 0.8),
      refinements: [{ payloadBytes: 65536 }],
    });
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await importThroughForm(page, web.url, "sweep-1d.json", Buffer.from(JSON.stringify(swept)));
    const card = page.locator('[data-testid="sweep-line"]');
    await card.locator(".recharts-surface").waitFor();
    const text = (await card.textContent()) ?? "";
    expect(text).toContain("upload size, bytes (log scale)");
    expect(text).toContain("gRPC starts to win at about");
    expect(await card.locator(".recharts-area-area").count()).toBe(1);
    expect(await card.locator(".recharts-reference-area").count()).toBe(1);
    // Four grid points on the line, the one the search added apart from them.
    expect(await card.locator(".recharts-line-dot, .recharts-line .recharts-dot").count()).toBe(4);
    expect(await card.locator(".recharts-scatter-symbol").count()).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it("checks an upload over 10 MB itself: the route sees the whole file, not a cut one", async () => {
    // 12 MiB of six million values: over the import's value limit, and over Next's default 10 MB body limit with a proxy.
    const body = Buffer.from(`{"warnings":[${"0,".repeat(6_000_000)}0]}`);
    expect(body.length).toBeGreaterThan(10 * 1024 * 1024);
    const page = await browser.newPage();
    try {
      await page.goto(`${web.url}/runs#import`);
      await page.setInputFiles('[data-testid="import-form"] input[name="result"]', {
        name: "large.json",
        mimeType: "application/json",
        buffer: body,
      });
      await page.click('[data-testid="import-form"] button[type="submit"]');
      await page.waitForURL((url) => url.searchParams.has("import_error"), { timeout: 30_000 });
      const error = new URL(page.url()).searchParams.get("import_error")!;
      expect(error).toContain("4,000,000 values");
      expect(error).not.toContain("Could not read");
    } finally {
      await page.close();
    }
  });

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

describe("the live page when the stream keeps dropping (runner service with its fake engine)", () => {
  let runner: TestRunner;
  let proxy: CuttingProxy;
  let web: Started;

  beforeAll(async () => {
    runner = await startTestRunner();
    proxy = await startCuttingProxy(runner.url, 9);
    web = await startWeb(proxy.url);
  }, 120_000);

  afterAll(async () => {
    await web?.stop();
    await proxy?.close();
    await runner?.close();
  }, 60_000);

  it("reconnects with Last-Event-ID and ends with every sample exactly once", async () => {
    const workloads = ["noop", "echo"];
    const started = await fetch(`${web.url}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: web.url },
      body: JSON.stringify({ spec: { workloads, durationMs: 3000, warmupMs: 1000, trials: 1 } }),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const fake = await runner.engine.started(0);

    const page = await browser.newPage();
    await page.goto(`${web.url}/runs/${id}`);
    // 2 cells x 2 protocols x 4 seconds, sent over streams cut every 9 events.
    await playMeasurement(fake, workloads, 4);
    const expected = 16;
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-testid="live-run"]')?.getAttribute("data-samples") ?? 0) >= n,
      expected,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(1_000);
    const logged = runner.service.events.after(id, null).filter((e) => e.event.type === "sample");
    expect(logged.length).toBe(expected);
    expect(await samplesOf(page)).toBe(expected);
    expect(proxy.cuts).toBeGreaterThan(2);
    // The errors the engine reports on echo's gRPC side show up as they happen.
    await expect(page.locator('[data-testid="messages"]').textContent()).resolves.toMatch(/gRPC errors in echo/);

    fake.finish();
    await page.waitForSelector('[data-testid="report"]', { timeout: 30_000 });
    await page.close();
  }, 120_000);
});

/** What the engine reports while it measures `seconds` per protocol of each workload, paced like a fast run. */
async function playMeasurement(fake: FakeRun, workloads: readonly string[], seconds: number): Promise<void> {
  const total = workloads.length * 2;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 60));
  let index = 0;
  fake.emit({ type: "phase", phase: "measuring", message: "measuring" });
  for (const workload of workloads) {
    for (const protocol of ["rest", "grpc"] as const) {
      index += 1;
      const cell: CellRef = { workload, cacheMode: "none", trial: 1, trials: 1, protocol, index, total };
      fake.emit({ type: "cell-start", cell, warmupMs: 1000, durationMs: (seconds - 1) * 1000 });
      let errors = 0;
      for (let second = 0; second < seconds; second++) {
        await pause();
        const failed = protocol === "grpc" && workload === "echo" && second === 2 ? 3 : 0;
        errors += failed;
        fake.emit({
          type: "sample",
          cell,
          second,
          requests: 9000 + second,
          errors: failed,
          p50Ms: 0.4,
          p99Ms: 1.3,
          warmup: second === 0,
        });
        const done = (index - 1) * seconds + second + 1;
        fake.emit({
          type: "progress",
          fraction: done / (total * seconds),
          elapsedMs: done * 1000,
          remainingMs: (total * seconds - done) * 1000,
        });
      }
      fake.emit({ type: "cell-end", cell, rps: 9000, p50Ms: 0.4, p99Ms: 1.3, errors });
    }
  }
}
