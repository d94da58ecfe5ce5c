/**
 * The Python stacks' own unit tests (services/python/tests: the JSON writer, the request checks,
 * the shared business rules, the telemetry's metrics) run by pytest from the stacks' virtual
 * environment, inside `pnpm test`, so a change to that shared logic fails the suite as a change to
 * the Node services' logic would. Skipped, with the reason, where the Python stacks are not built.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runtimeNotBuilt } from "./runtime-servers";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const PYTHON_DIR = path.join(REPO_ROOT, "services/python");
const notBuilt = runtimeNotBuilt("python");

describe.skipIf(notBuilt !== undefined)(`services/python/tests under pytest${notBuilt ? ` (${notBuilt})` : ""}`, () => {
  it("pass", () => {
    const run = spawnSync(
      path.join(PYTHON_DIR, ".venv/bin/python"),
      ["-m", "pytest", "tests", "-q", "-p", "no:cacheprovider"],
      {
        cwd: PYTHON_DIR,
        env: { ...process.env, PYTHONPATH: [PYTHON_DIR, path.join(PYTHON_DIR, "generated")].join(path.delimiter) },
        encoding: "utf8",
        timeout: 120_000,
      },
    );
    // pytest's own summary on failure: which test, which assertion.
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/\d+ passed/);
  }, 120_000);
});
