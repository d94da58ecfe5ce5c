import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateTool, toolPath } from "./find-tool";

const GHZ = { name: "ghz", overrideVar: "GHZ_BIN", goInstalled: true };

async function executable(file: string, body = "#!/bin/sh\n"): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  await chmod(file, 0o755);
  return file;
}

describe("locateTool: a tool found from the environment it is given", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "relix-find-tool-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("GHZ_BIN wins when set, and is refused when it is not an executable file", async () => {
    const fake = await executable(path.join(dir, "explicit", "my-ghz"));
    const onPath = await executable(path.join(dir, "bin", "ghz"));
    expect(await locateTool(GHZ, { GHZ_BIN: fake, PATH: path.dirname(onPath) })).toEqual({ name: "ghz", path: fake });
    const missing = await locateTool(GHZ, { GHZ_BIN: path.join(dir, "nope"), PATH: path.dirname(onPath) });
    expect(missing).toEqual({
      name: "ghz",
      path: null,
      problem: `GHZ_BIN=${path.join(dir, "nope")} is not an executable file`,
    });
    expect(() => toolPath(missing)).toThrow(/GHZ_BIN=.* is not an executable file/);
  });

  it("a program the repository builds: its build first, then PATH, and the command that builds it when neither has it", async () => {
    const built = path.join(dir, "repo-build", "relix-load");
    const spec = { name: "relix-load", overrideVar: "RELIX_LOAD_BIN", built: { path: built, by: "bash build.sh" } };
    const onPath = await executable(path.join(dir, "other-bin", "relix-load"));
    expect(await locateTool(spec, { PATH: path.dirname(onPath) })).toEqual({ name: "relix-load", path: onPath });
    await executable(built);
    expect(await locateTool(spec, { PATH: path.dirname(onPath) })).toEqual({ name: "relix-load", path: built });
    await rm(built);
    await rm(onPath);
    const missing = await locateTool(spec, { PATH: path.dirname(onPath) });
    expect(missing).toMatchObject({
      path: null,
      problem: expect.stringMatching(/Build it with `bash build.sh` or set RELIX_LOAD_BIN\.$/),
    });
  });

  it("then PATH, in order, skipping what is not executable", async () => {
    const first = path.join(dir, "path-a");
    await mkdir(first, { recursive: true });
    await writeFile(path.join(first, "ghz"), "not executable");
    const second = await executable(path.join(dir, "path-b", "ghz"));
    const env = { PATH: ["/nonexistent", first, path.dirname(second)].join(path.delimiter), HOME: dir };
    expect(await locateTool(GHZ, env)).toEqual({ name: "ghz", path: second });
  });

  it("then ~/go/bin (from the HOME given, not this process's)", async () => {
    const home = path.join(dir, "home");
    const inGoBin = await executable(path.join(home, "go", "bin", "ghz"));
    expect(await locateTool(GHZ, { PATH: "/nonexistent", HOME: home })).toEqual({ name: "ghz", path: inGoBin });
  });

  it("then $(go env GOPATH)/bin, asking the go found on the given PATH", async () => {
    const gopath = path.join(dir, "gopath");
    const installed = await executable(path.join(gopath, "bin", "ghz"));
    const goDir = path.join(dir, "go-toolchain");
    await executable(path.join(goDir, "go"), `#!/bin/sh\n[ "$1 $2" = "env GOPATH" ] && echo "${gopath}"\n`);
    expect(await locateTool(GHZ, { PATH: goDir, HOME: path.join(dir, "empty-home") })).toEqual({
      name: "ghz",
      path: installed,
    });
  });

  it("says everywhere it looked when the tool is nowhere", async () => {
    const env = { PATH: "/nonexistent-a", HOME: path.join(dir, "empty-home") };
    const located = await locateTool(GHZ, env);
    expect(located.path).toBeNull();
    expect(() => toolPath(located)).toThrow(
      new RegExp(
        `^ghz not found; tried: /nonexistent-a/ghz, ${path.join(dir, "empty-home", "go", "bin", "ghz")}, \\$\\(go env GOPATH\\)/bin/ghz \\(go not available\\)\\. Install it or set GHZ_BIN\\.$`,
      ),
    );
    // a tool without Go or an override variable is looked for on PATH only
    expect(await locateTool({ name: "h2load" }, env)).toEqual({
      name: "h2load",
      path: null,
      problem: "h2load not found; tried: /nonexistent-a/h2load. Install it.",
    });
  });
});
