import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";
import { launchBrowser } from "../test/e2e/stack";

// `pnpm --filter @relix/web screenshots`: pictures of the new-run page, a live run and a finished
// report, from a running web app (WEB_URL, default http://127.0.0.1:3000) and its runner. It
// starts one real run (quick preset, trimmed), so the pictures show real numbers.

const base = process.env.WEB_URL ?? `http://127.0.0.1:${DEFAULT_PORTS.web}`;
const out = resolve(process.env.SCREENSHOTS_DIR ?? new URL("../../../docs/screenshots", import.meta.url).pathname);
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1360, height: 900 }, deviceScaleFactor: 1 });
const page = await context.newPage();

await page.goto(`${base}/`);
await page.click('[data-preset="quick"]');
await page.click("details.advanced > summary");
await page.uncheck('input[name="workloads"][value="stream"]');
await page.click('label.chip:has(input[name="cacheModes"][value="cold"])');
await page.fill("#duration", "8");
await page.fill("#warmup", "1");
await page.screenshot({ path: `${out}/new-run.png`, fullPage: true });
console.log(`wrote ${out}/new-run.png`);

await page.click('[data-testid="run-benchmark"]');
await page.waitForURL(/\/runs\/[A-Za-z0-9_-]{8,64}$/);
// The second protocol of the first cell, part-way through: both lines on the same axes.
await page.waitForFunction(
  () => Number(document.querySelector('[data-testid="current-cell"]')?.getAttribute("data-step") ?? 0) >= 2,
  null,
  { timeout: 120_000 },
);
await page.waitForTimeout(6_500);
await page.screenshot({ path: `${out}/live-run.png`, fullPage: true });
console.log(`wrote ${out}/live-run.png`);

await page.waitForSelector('[data-testid="report"]', { timeout: 300_000 });
const fresh = await context.newPage();
await fresh.goto(page.url());
await fresh.waitForSelector(".recharts-surface");
await fresh.waitForTimeout(500);
await fresh.screenshot({ path: `${out}/report.png`, fullPage: true, clip: { x: 0, y: 0, width: 1360, height: 1900 } });
// The section index stays on top while scrolling: in a picture of one cell it would cover the cell's head.
await fresh.addStyleTag({ content: ".report-index { position: static !important; }" });
const cell = fresh.locator('[data-testid="cell"]').nth(1);
await cell.screenshot({ path: `${out}/report-cell.png` });
console.log(`wrote ${out}/report.png, ${out}/report-cell.png (run ${page.url()})`);

await browser.close();
