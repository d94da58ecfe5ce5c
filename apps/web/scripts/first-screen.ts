import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { importThroughForm } from "../test/e2e/import-result";
import { ensureWebBuild, launchBrowser, startRunner, startWeb } from "../test/e2e/stack";

// `pnpm --filter @relix/web first-screen FILE.json...`: what a reader of each result sees at its
// permalink on a 1400x1000 screen. Each file is imported through the runs page into a private
// runner and web app (free ports, a results folder of their own, nothing measured), then the
// script prints the page's height, whether the verdict, the answer's picture and the trust line
// are all on the first screen, how many finding groups sit under the answer, and saves a picture
// of the first screen (SCREENSHOTS_DIR, default /tmp/relix-first-screen; FULL_PAGE=1 adds the whole page).

const SCREEN = { width: 1400, height: 1000 };
const files = process.argv.slice(2).filter((arg) => arg !== "--");
if (files.length === 0) {
  console.error("usage: pnpm --filter @relix/web first-screen RESULT.json [RESULT.json ...]");
  process.exit(2);
}
const out = resolve(process.env.SCREENSHOTS_DIR ?? "/tmp/relix-first-screen");
mkdirSync(out, { recursive: true });

/** The element's box before any scrolling, or null when the page has none. */
async function boxOf(page: Page, selector: string) {
  const element = page.locator(selector).first();
  if ((await element.count()) === 0) return null;
  return element.boundingBox();
}

ensureWebBuild();
const resultsDir = mkdtempSync(join(tmpdir(), "relix-first-screen-"));
const runner = await startRunner(resultsDir);
const web = await startWeb(runner.url);
const browser = await launchBrowser();
let failed = false;
try {
  for (const file of files) {
    const context = await browser.newContext({ viewport: SCREEN });
    const page = await context.newPage();
    await importThroughForm(page, web.url, basename(file), readFileSync(file));
    await page.reload();
    await page.locator('[data-testid="answer-picture"] svg').first().waitFor({ timeout: 30_000 });
    const height = await page.evaluate(() => document.body.scrollHeight);
    const parts = {
      verdict: await boxOf(page, '[data-testid="answer-verdicts"] .verdict-line'),
      picture: await boxOf(page, '[data-testid="answer-picture"]'),
      trust: await boxOf(page, '[data-testid="answer-trust"]'),
    };
    const onFirstScreen = Object.entries(parts).map(([name, box]) => {
      const inside = box !== null && box.y >= 0 && box.y + box.height <= SCREEN.height;
      if (!inside) failed = true;
      return `${name} ${inside ? "yes" : box ? `no (${Math.round(box.y)}-${Math.round(box.y + box.height)} px)` : "missing"}`;
    });
    const groups = await page.locator('[data-testid="finding-group"]').count();
    // The tallest sections of the report, to see what makes a long page long.
    const sections = await page.evaluate(() =>
      [...document.querySelectorAll("[data-testid='report'] section[id], [data-testid='report'] [id].card")]
        .map((el) => ({ id: el.id, height: Math.round(el.getBoundingClientRect().height) }))
        .sort((a, b) => b.height - a.height)
        .slice(0, 6),
    );
    console.log(`  tallest sections: ${sections.map((x) => `${x.id} ${x.height} px`).join(", ")}`);
    const picture = join(out, `${basename(file, ".json")}.png`);
    await page.screenshot({ path: picture });
    // FULL_PAGE=1: the whole page too, to see what makes a long one long.
    if (process.env.FULL_PAGE === "1")
      await page.screenshot({ path: picture.replace(/\.png$/, "-full.png"), fullPage: true });
    console.log(`${file}\n  permalink ${page.url()}`);
    console.log(`  page ${height.toLocaleString("en")} px tall; on the first screen: ${onFirstScreen.join(", ")}`);
    console.log(
      `  ${groups} finding group${groups === 1 ? "" : "s"} under the answer; first screen saved to ${picture}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await web.stop();
  await runner.stop();
  rmSync(resultsDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
