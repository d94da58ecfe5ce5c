import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { spawnOwned } from "@relix/io/lifetime";
import type { AutocannonOptions } from "./autocannon-options";
import type { AutocannonRunResult } from "./autocannon-run-result";
import { fromWire, toWire } from "./json-wire";

/**
 * An autocannon run on a packet link's client side: the same driver (autocannon-child-main.ts) in a
 * Node process started through `execPrefix` (`ip netns exec <namespace>`), so its connections are
 * made in that namespace and cross the link. The samples, CPU time and event-loop figures are the
 * child's own, measured there exactly as in process. Its start-up (about 0.5 s to load TypeScript)
 * is before autocannon is called, so outside the samples' time origin.
 */
const CHILD_MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "autocannon-child-main.ts");
const TSX_LOADER = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist", "loader.mjs"),
).href;
/** Beyond the run's own bound: Node and TypeScript start-up, and the result's transfer. */
const START_AND_REPORT_MS = 30_000;

export function runAutocannonElsewhere(
  execPrefix: readonly string[],
  opts: AutocannonOptions,
): Promise<AutocannonRunResult> {
  const { signal, onProgress, execPrefix: _prefix, ...rest } = opts;
  const argv = [...execPrefix, process.execPath, "--import", TSX_LOADER, CHILD_MAIN];
  const child = spawnOwned(argv[0]!, argv.slice(1), {
    stdio: ["pipe", "pipe", "pipe"],
    what: "autocannon on a packet link's client side",
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  child.stdin.on("error", () => {});
  child.stdin.end(toWire(rest));
  const boundMs = opts.durationMs + (opts.timeoutMs ?? 10_000) * 2 + START_AND_REPORT_MS;
  return new Promise((resolve, reject) => {
    let settled: { result?: AutocannonRunResult; error?: string } = {};
    const timer = setTimeout(() => child.kill("SIGKILL"), boundMs);
    // A SIGINT before the child has its handler would kill it outright: it is sent once it is ready.
    let ready = false;
    let abortPending = false;
    const onAbort = () => {
      if (ready) child.kill("SIGINT");
      else abortPending = true;
    };
    if (signal?.aborted) onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    createInterface({ input: child.stdout }).on("line", (line) => {
      let message: {
        ready?: boolean;
        progress?: Parameters<NonNullable<AutocannonOptions["onProgress"]>>[0];
      } & typeof settled;
      try {
        message = fromWire(line);
      } catch {
        return;
      }
      if (message.ready) {
        ready = true;
        if (abortPending) child.kill("SIGINT");
      }
      if (message.progress) onProgress?.(message.progress);
      if (message.result || message.error) settled = message;
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, exitSignal) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (settled.result) return resolve(settled.result);
      const why =
        settled.error ??
        (exitSignal === "SIGKILL" ? `took longer than ${boundMs} ms` : `ended with ${exitSignal ?? `code ${code}`}`);
      reject(new Error(`autocannon inside ${execPrefix.at(-1)} failed: ${why}\n${stderr.trim()}`));
    });
  });
}
