import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webBuildNeeded } from "./web-build";

let root: string;
let webDir: string;
// Hours from now: the directories the test creates are as new as now, as a checkout's would be.
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

async function file(relative: string, hours: number) {
  const full = path.join(root, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, "x");
  await utimes(full, hoursFromNow(hours), hoursFromNow(hours));
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "relix-web-build-"));
  webDir = path.join(root, "apps", "web");
  await file("apps/web/src/app/page.tsx", -3);
  await file("apps/web/package.json", -3);
  await file("packages/core/src/presets/quick.ts", -3);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("pnpm start's web build", () => {
  it("builds a web app never built", async () => {
    expect(await webBuildNeeded(webDir, root)).toMatch(/first start/);
  });

  it("serves a build newer than every source as it is", async () => {
    await file("apps/web/.next/BUILD_ID", 1);
    expect(await webBuildNeeded(webDir, root)).toBeNull();
  });

  it("rebuilds after a web source or the core it bundles changed (a pull), but not for a test", async () => {
    await file("apps/web/.next/BUILD_ID", 1);
    await file("apps/web/src/components/report.test.tsx", 2);
    expect(await webBuildNeeded(webDir, root)).toBeNull();
    await file("packages/core/src/presets/quick.ts", 2);
    expect(await webBuildNeeded(webDir, root)).toMatch(/sources changed/);
  });
});
