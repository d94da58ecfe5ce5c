// Spawns the real launcher, as `pnpm bench` does: tsx registration, the ESM entry and exit codes.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../bin/relix-bench.js", import.meta.url));
const bench = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, NO_COLOR: "1" },
  });

describe("bin/relix-bench.js", () => {
  it("prints the help and exits 0", () => {
    const result = bench("--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("pnpm bench [--preset NAME] [options]");
    expect(result.stderr).toBe("");
  });

  it("exits 2 with one line on stderr for a bad value", () => {
    const result = bench("--duration", "forever");
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'relix-bench: error: --duration "forever": not a duration; use 500ms, 10s, 2m or a number of seconds (see --help)\n',
    );
    expect(result.stdout).toBe("");
  });
});
