// `pnpm bench --requests N` is held to the one-hour limit too, as the real launcher runs it.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../bin/relix-bench.js", import.meta.url));

describe("pnpm bench --requests", () => {
  it("refuses a million requests at 1 req/s over 20 trials: exit 2, naming the estimate and the limit", () => {
    const result = spawnSync(
      process.execPath,
      [bin, "--workloads", "noop", "--requests", "1000000", "--rate", "1", "--trials", "20"],
      { encoding: "utf8", timeout: 30_000, env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      "relix-bench: error: this run would measure for about 666667 min, more than the 60 min limit: " +
        "fewer values, cells or trials, fewer --requests or a higher --rate, or shorter warm-ups (see --help)\n",
    );
    expect(result.stdout).toBe("");
  });
});
