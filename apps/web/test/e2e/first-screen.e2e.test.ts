import { startTestRunner, type TestRunner } from "@relix/runner/src/server/testing/test-runner";
import type { RunResult } from "@relix/core/result/result-schema";
import { makeRunResult } from "@relix/core/testing/result-fixture";
import { makeSweepResult } from "@relix/core/testing/sweep-fixture";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importThroughForm } from "./import-result";
import { ensureWebBuild, launchBrowser, startWeb, type Started } from "./stack";

// Issue 21, as a new user sees it: a report opened at its permalink on a 1400x1000 screen shows
// the answer (the verdict sentence and its picture, down to the trust line) before any scrolling,
// and a caveat repeated in every cell of a sweep is said once. Real headless Chromium against the
// production build; the runner service runs in this process with its fake engine (imports need
// no measurement).

const SCREEN = { width: 1400, height: 1000 };

/** A records x network sweep whose load generators differ 10x in CPU per request at all ten points. */
const unequalSweep = (): RunResult =>
  makeSweepResult({
    id: "r_e2e_first_sweep01",
    axes: [
      { dimension: "records", values: [1, 10, 100, 1000, 10000] },
      { dimension: "network", values: ["loopback", "cross-region"] },
    ],
    speedupAt: (c) => (c.network === "cross-region" ? 1.6 : (c.records as number) >= 1000 ? 1.4 : 0.7),
    placements: [{ name: "cross-region", measuredRttMs: 148.2 }],
    rest: { generatorCpuMsPerRequest: 0.02 },
    grpc: { generatorCpuMsPerRequest: 0.2 },
  });

const runs: Array<{ name: string; result: () => RunResult }> = [
  {
    name: "a plain run",
    result: () =>
      makeRunResult({
        id: "r_e2e_first_plain01",
        spec: { workloads: ["noop", "item.get", "item.list"], cacheModes: ["warm", "cold"], trials: 3 },
        rest: { generatorCpuMsPerRequest: 0.02, saturated: true },
        grpc: { generatorCpuMsPerRequest: 0.2 },
      }),
  },
  { name: "a sweep", result: unequalSweep },
  {
    name: "a placements run",
    result: () =>
      makeRunResult({
        id: "r_e2e_first_place01",
        spec: { workloads: ["noop", "item.get"], network: ["loopback", "cross-region"], trials: 3 },
        placements: [{ name: "cross-region", measuredRttMs: 148.2 }],
      }),
  },
  {
    name: "a stacks run",
    result: () =>
      makeRunResult({
        id: "r_e2e_first_stack01",
        spec: {
          workloads: ["noop", "item.get"],
          stacks: ["express", "node", "node-protobuf", "h2c", "grpc-js", "grpc-js-static"],
          trials: 3,
        },
      }),
  },
];

let browser: Browser;
let runner: TestRunner;
let web: Started;

beforeAll(async () => {
  ensureWebBuild();
  browser = await launchBrowser();
  runner = await startTestRunner();
  web = await startWeb(runner.url);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await runner?.close();
}, 60_000);

/** Where an element is on the screen before any scrolling: its box, in page pixels. */
async function boxOf(page: Page, selector: string) {
  const element = page.locator(selector).first();
  await element.waitFor();
  const box = await element.boundingBox();
  if (!box) throw new Error(`${selector} is not displayed`);
  return box;
}

describe("the first screen of a report, at 1400x1000", () => {
  for (const run of runs) {
    it(`shows ${run.name}'s verdict sentence, its picture and the trust line without scrolling`, async () => {
      const context = await browser.newContext({ viewport: SCREEN });
      const page = await context.newPage();
      await importThroughForm(page, web.url, "result.json", Buffer.from(JSON.stringify(run.result())));
      await page.reload();
      await page.locator('[data-testid="answer-picture"] svg').first().waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const verdict = await boxOf(page, '[data-testid="answer-verdicts"] .verdict-line');
      const picture = await boxOf(page, '[data-testid="answer-picture"]');
      const trust = await boxOf(page, '[data-testid="answer-trust"]');
      for (const box of [verdict, picture, trust]) {
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(SCREEN.height);
      }
      expect(
        (await page.locator('[data-testid="answer-verdicts"] .verdict-line').first().textContent())?.length,
      ).toBeGreaterThan(20);
      await context.close();
    }, 120_000);
  }

  it("says a caveat found in ten cells of a sweep once, folded under the answer, naming how many cells", async () => {
    const context = await browser.newContext({ viewport: SCREEN });
    const page = await context.newPage();
    await importThroughForm(page, web.url, "sweep.json", Buffer.from(JSON.stringify(unequalSweep())));
    const findings = page.locator('[data-testid="findings"]');
    await findings.waitFor({ state: "attached" });
    // Ten cells fold, each with its verdict on the fold: the page was 16,232 px tall before.
    expect(await page.evaluate(() => document.body.scrollHeight)).toBeLessThan(16_232 / 2);
    expect(await page.locator("details.cell-section > summary").count()).toBe(10);
    // Folded: the answer stays on the first screen; the trust line opens it.
    expect(await findings.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    const trust = page.locator('[data-testid="answer-trust"] a[href="#findings"]');
    expect(await trust.textContent()).toBe("1 finding can change these verdicts (clients unequal).");
    await findings.locator("summary").first().click();
    const groups = findings.locator('[data-testid="finding-group"]');
    expect(await groups.count()).toBe(1);
    const text = (await groups.first().textContent()) ?? "";
    expect(text).toContain("CLIENTS UNEQUAL in 10 of 10 cells: item.list (warm) at 1 record on loopback");
    expect(text.split("CLIENTS UNEQUAL in").length - 1).toBe(1);
    // Each cell's own sentence is folded a level deeper.
    expect(await page.getByText("each of its 10 sentences").isVisible()).toBe(true);
    await context.close();
  }, 120_000);

  it("keeps the section index on screen while scrolling, and its links lead to their sections", async () => {
    const context = await browser.newContext({ viewport: SCREEN });
    const page = await context.newPage();
    await importThroughForm(page, web.url, "sweep.json", Buffer.from(JSON.stringify(unequalSweep())));
    const index = page.locator('[data-testid="report-index"]');
    await index.locator('a[href="#findings"]').waitFor();
    const labels = await index.locator("a").allTextContents();
    expect(labels.slice(0, 4)).toEqual(["Answer", "Findings", "Verdicts", "Sweep"]);
    expect(labels).toContain("Environment and exact spec");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 2000);
    const box = (await index.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(80);
    await index.getByRole("link", { name: "Sweep" }).click();
    await page.waitForFunction(
      () => Math.abs(document.getElementById("sweep-where-the-verdict-changes")!.getBoundingClientRect().top) < 120,
    );
    await context.close();
  }, 120_000);

  it("saves the answer's picture as an SVG and a PNG file", async () => {
    const context = await browser.newContext({ viewport: SCREEN, acceptDownloads: true });
    const page = await context.newPage();
    await importThroughForm(page, web.url, "sweep.json", Buffer.from(JSON.stringify(unequalSweep())));
    await page.locator('[data-testid="answer-picture"] svg').first().waitFor();
    const save = page.locator('[data-testid="save-picture"]');
    const [svgDownload] = await Promise.all([
      page.waitForEvent("download"),
      save.getByRole("button", { name: "SVG" }).click(),
    ]);
    expect(svgDownload.suggestedFilename()).toMatch(/^relix-.+-sweep\.svg$/);
    const svg = readFileSync(await svgDownload.path(), "utf8");
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The heatmap's own labels: the speedups and the crossover.
    expect(svg).toContain("1.40x");
    expect(svg).toContain("gRPC starts to win at about");
    const [pngDownload] = await Promise.all([
      page.waitForEvent("download"),
      save.getByRole("button", { name: "PNG" }).click(),
    ]);
    expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
    const png = readFileSync(await pngDownload.path());
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.length).toBeGreaterThan(5_000);
    await context.close();
  }, 120_000);

  it("gives the permalink a preview image for a chat: an og:image tag whose route answers with a PNG", async () => {
    const page = await browser.newPage({ viewport: SCREEN });
    await importThroughForm(page, web.url, "sweep.json", Buffer.from(JSON.stringify(unequalSweep())));
    const content = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect(content).toMatch(/\/runs\/[A-Za-z0-9_-]+\/opengraph-image/);
    const image = await fetch(new URL(new URL(content!).pathname + new URL(content!).search, web.url));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    await page.close();
  }, 120_000);
});
