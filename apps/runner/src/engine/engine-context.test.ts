import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveEngineContext } from "./engine-context";
import { LOAD_GENERATORS } from "./measure/generators/registry";

const targets = { host: "127.0.0.1", restPort: 8080, grpcPort: 50051, grpcMetricsPort: 9464 };

describe("resolveEngineContext: what the engine is handed at start-up", () => {
  it("finds every generator's executable, the client for both among them, in the environment it is given", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "relix-context-"));
    try {
      const ghz = path.join(dir, "ghz-from-env");
      const h2load = path.join(dir, "h2load-from-env");
      const relixLoad = path.join(dir, "relix-load-from-env");
      for (const bin of [ghz, h2load, relixLoad]) {
        await writeFile(bin, "#!/bin/sh\n");
        await chmod(bin, 0o755);
      }
      const env = {
        GHZ_BIN: ghz,
        H2LOAD_BIN: h2load,
        RELIX_LOAD_BIN: relixLoad,
        PATH: "/nonexistent",
        REDIS_URL: "redis://127.0.0.1:1",
      };
      const context = await resolveEngineContext(targets, env);
      expect(context.tools).toEqual({
        ghz: { name: "ghz", path: ghz },
        h2load: { name: "h2load", path: h2load },
        "relix-load": { name: "relix-load", path: relixLoad },
      });
      expect(context.env).toBe(env);
      expect(context.targets).toBe(targets);
      expect(context.generators).toBe(LOAD_GENERATORS);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a tool that is missing is recorded with where it was looked for, not an error yet", async () => {
    const context = await resolveEngineContext(targets, { PATH: "/nonexistent", HOME: "/nonexistent" });
    expect(context.tools.ghz).toMatchObject({ path: null, problem: expect.stringMatching(/^ghz not found; tried: /) });
  });
});
