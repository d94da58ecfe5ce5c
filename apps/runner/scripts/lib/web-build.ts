/**
 * Whether `pnpm start` must build the web app before serving it: never built, or built before its
 * sources last changed. A `git pull` gives the files it touches a new modification time, so a web
 * app built before it is rebuilt rather than served with the old report code and preset notes.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { newestMtimeMs } from "../../src/engine/launch/service-build";

/** What the web build is made of: its own sources and config, and @relix/core, which it bundles. */
function webSources(webDir: string, repoRoot: string): string[] {
  return [
    path.join(webDir, "src"),
    path.join(webDir, "package.json"),
    path.join(webDir, "next.config.ts"),
    path.join(repoRoot, "packages", "core", "src"),
    path.join(repoRoot, "packages", "core", "package.json"),
  ];
}

/** Why the web app needs a build now, or null when its last build is newer than every source. */
export async function webBuildNeeded(webDir: string, repoRoot: string): Promise<string | null> {
  const built = await stat(path.join(webDir, ".next", "BUILD_ID")).catch(() => null);
  if (built === null) return "first start only; about a minute";
  const sources = await Promise.all(webSources(webDir, repoRoot).map((entry) => newestMtimeMs(entry).catch(() => 0)));
  return built.mtimeMs >= Math.max(...sources) ? null : "its sources changed since the last build; about a minute";
}
