/**
 * A stand-in for the runner in the lifetime tests: a real Node process that keeps its record in a
 * state folder, starts a long `sleep` and makes a temp folder, both owned the way the runner owns
 * its servers and tools, then says what it started and waits to be killed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ioRoot = fileURLToPath(new URL("../../..", import.meta.url));
const lifetimeIndex = fileURLToPath(new URL("../index.ts", import.meta.url));

export interface OwnerProcess {
  child: ChildProcess;
  /** The `sleep` it started and the folder it made. */
  started: { sleepPid: number; dir: string; record: string | null };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the stand-in in `scratch` (where its script is written) with its record in `stateDir`.
 * `host` is extra code run after it has started its things (e.g. a signal handler of its own).
 */
export async function startOwnerProcess(scratch: string, stateDir: string, host = ""): Promise<OwnerProcess> {
  const script = path.join(scratch, `owner-${Date.now()}.mts`);
  await writeFile(
    script,
    `import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { keepOwnedRecordIn, ownChildProcess, ownDir } from ${JSON.stringify(lifetimeIndex)};
const record = keepOwnedRecordIn(${JSON.stringify(stateDir)});
const sleep = spawn("sleep", ["300"], { stdio: "ignore" });
ownChildProcess(sleep, "a long sleep", [40001]);
const dir = mkdtempSync(path.join(os.tmpdir(), "relix-owner-test-"));
ownDir(dir, "scratch files");
${host}
console.log(JSON.stringify({ sleepPid: sleep.pid, dir, record }));
setInterval(() => {}, 1000);
`,
  );
  // node itself with tsx's loader (not the tsx CLI, which would put a process of its own in between).
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ioRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let output = "";
  const started = await new Promise<OwnerProcess["started"]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the owner process did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as OwnerProcess["started"]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the owner process exited (${signal ?? code}) before it started:\n${output}`));
    });
  });
  return { child, started, exited };
}
