import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findExecutable } from "./find-executable";

describe("findExecutable", () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    first = await mkdtemp(path.join(os.tmpdir(), "relix-find-"));
    second = await mkdtemp(path.join(os.tmpdir(), "relix-find-"));
    await writeFile(path.join(first, "not-executable"), "");
    await writeFile(path.join(second, "not-executable"), "#!/bin/sh\n", { mode: 0o755 });
    await writeFile(path.join(second, "tool"), "#!/bin/sh\n", { mode: 0o755 });
    await writeFile(path.join(first, "tool"), "#!/bin/sh\n");
    await chmod(path.join(first, "tool"), 0o755);
  });

  afterAll(async () => {
    await rm(first, { recursive: true, force: true });
    await rm(second, { recursive: true, force: true });
  });

  it("takes the first directory on the search path that has it", async () => {
    const searchPath = [first, second].join(path.delimiter);
    expect(await findExecutable(["tool"], { searchPath, extraDirs: [] })).toBe(path.join(first, "tool"));
  });

  it("skips files that are not executable, and looks in the extra dirs after the search path", async () => {
    expect(await findExecutable(["not-executable"], { searchPath: first, extraDirs: [second] })).toBe(
      path.join(second, "not-executable"),
    );
  });

  it("prefers earlier names, and returns null when none is found", async () => {
    expect(await findExecutable(["missing", "tool"], { searchPath: second, extraDirs: [] })).toBe(
      path.join(second, "tool"),
    );
    expect(await findExecutable(["missing"], { searchPath: first, extraDirs: [] })).toBeNull();
  });
});
