import type { Page } from "playwright-core";

/**
 * Imports a result file through the runs page's form, as a user would, and waits for the new
 * permalink (another run's page than `notRunId`, when given).
 */
export async function importThroughForm(
  page: Page,
  webUrl: string,
  fileName: string,
  body: Buffer,
  notRunId?: string,
): Promise<void> {
  await page.goto(`${webUrl}/runs#import`);
  await page.setInputFiles('[data-testid="import-form"] input[name="result"]', {
    name: fileName,
    mimeType: "application/json",
    buffer: body,
  });
  await page.click('[data-testid="import-form"] button[type="submit"]');
  await page.waitForURL(
    (url) =>
      /\/runs\/[A-Za-z0-9_-]{8,64}$/.test(url.pathname) && (notRunId === undefined || !url.pathname.endsWith(notRunId)),
    { timeout: 30_000 },
  );
}
