import { once } from "node:events";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isStillRunning, identifyProcess } from "./process-identity";
import { spawnOwned } from "./spawn-owned";

const ioRoot = fileURLToPath(new URL("../..", import.meta.url));

describe.runIf(process.platform === "linux")("spawnOwned", () => {
  it("starts the program itself (same pid), and a child of a killed parent gets SIGTERM", async () => {
    // A Node parent that starts a long sleep through spawnOwned, prints its pid and waits to be killed.
    const parent = spawnOwned(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import { spawnOwned } from ${JSON.stringify(new URL("./spawn-owned.ts", import.meta.url).pathname)};
         const sleep = spawnOwned("sleep", ["300"], { stdio: "ignore", what: "a sleep" });
         console.log(sleep.pid); setInterval(() => {}, 1000);`,
      ],
      // From the io package, where tsx resolves (the tests run from the repository's root).
      { cwd: ioRoot, stdio: ["ignore", "pipe", "pipe"], what: "a parent" },
    );
    let out = "";
    parent.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (!/^\d+\n/.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(out, "the parent never printed its child's pid").toMatch(/^\d+\n/);
    const sleepPid = Number(out.trim());
    const sleep = identifyProcess(sleepPid)!;
    expect(sleep).not.toBeNull();
    // The pid is sleep's own, not a wrapper's: setpriv exec'd it.
    expect(readFileSync(`/proc/${sleepPid}/comm`, "utf8").trim()).toBe("sleep");
    parent.kill("SIGKILL");
    await once(parent, "exit");
    const until = Date.now() + 10_000;
    while (isStillRunning(sleep) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(isStillRunning(sleep)).toBe(false);
  }, 60_000);

  it("reports a program that does not exist as spawn does (ENOENT), not as an exit", async () => {
    const child = spawnOwned("relix-no-such-program", [], { stdio: "ignore", what: "nothing" });
    const [error] = (await once(child, "error")) as [NodeJS.ErrnoException];
    expect(error.code).toBe("ENOENT");
  });
});
