/**
 * relix-load's own tests (Go, native/load-client/*_test.go: every protocol case against in-process
 * servers) run with the rest of the suite, so `pnpm test` covers the program the engine drives.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const execFileP = promisify(execFile);
const LOAD_CLIENT = fileURLToPath(new URL("../../../../../native/load-client", import.meta.url));

describe("relix-load's Go tests", () => {
  it(
    "pass: HTTP/1.1, h2c and gRPC outcomes, flow control, open loop, deadlines, refusals",
    { timeout: 300_000 },
    async () => {
      const run = await execFileP("go", ["test", "-count=1", "./..."], {
        cwd: LOAD_CLIENT,
        timeout: 280_000,
        env: { ...process.env, PATH: `${process.env.PATH ?? ""}:/usr/local/go/bin` },
      }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(`go test failed: ${error.message}\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
      });
      expect(run.stdout).toMatch(/^ok\s+\S+/m);
    },
  );
});
