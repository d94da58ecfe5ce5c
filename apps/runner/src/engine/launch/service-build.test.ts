import { execFile } from "node:child_process";
import { stat, utimes } from "node:fs/promises";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ensureServiceBuilt, serviceBundlePath } from "./service-build";

const execFileP = promisify(execFile);
const env = { PATH: process.env.PATH };

describe("the services' built bundles", () => {
  it("are built when older than their sources, once however many ask, then reused", async () => {
    const bundle = serviceBundlePath("grpc");
    await ensureServiceBuilt("grpc", { env });
    // As if every source had been edited after the last build.
    await utimes(bundle, new Date(0), new Date(0));
    const builds: string[] = [];
    const onBuild = (path: string) => builds.push(path);
    const asked = await Promise.all([1, 2, 3].map(() => ensureServiceBuilt("grpc", { env, onBuild })));
    expect(asked).toEqual([bundle, bundle, bundle]);
    expect(builds).toEqual([bundle]);
    expect((await stat(bundle)).mtimeMs).toBeGreaterThan(Date.now() - 5 * 60_000);

    await ensureServiceBuilt("grpc", { env, onBuild });
    expect(builds).toHaveLength(1);
  });

  it("is what `node dist/main.js` (the app's start script) runs: a complete program", async () => {
    const bundle = await ensureServiceBuilt("rest", { env });
    expect(bundle).toMatch(/apps\/rest-api\/dist\/main\.js$/);
    // Without backends it stops at once with the config error: it loaded, parsed and ran.
    const run = await execFileP(process.execPath, [bundle], { env: { PATH: process.env.PATH, REST_PORT: "x" } }).catch(
      (error: { stderr: string }) => error,
    );
    expect(run.stderr).toMatch(/invalid environment:[\s\S]*REST_PORT/);
  });
});
