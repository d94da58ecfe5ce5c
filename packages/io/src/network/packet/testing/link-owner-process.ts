/**
 * A stand-in for the runner in the cleanup tests: a real Node process that opens a packet link
 * with its record in a state folder, starts the link's echo server (which ends with it, as every
 * child started through spawnOwned does) and a sleep inside the link's first namespace started
 * without that tie (a stray the sweep must end), says what it made, and waits to be killed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LinkTools } from "../link-setup";

const ioRoot = fileURLToPath(new URL("../../../..", import.meta.url));
const packetIndex = fileURLToPath(new URL("../index.ts", import.meta.url));

export interface LinkOwner {
  child: ChildProcess;
  made: { namespaces: string[]; record: string };
  exited: Promise<void>;
}

/** What the owner opens: a link between two namespaces, or one to the host's own (host-link.ts). */
const OPEN_LINK = {
  pair: (options: string) => `const link = await openPacketLink({ rttMs: 2, calibrate: false, ${options} });
await link.verify();
const namespaces = [link.client.namespace, link.server.namespace];`,
  host: (options: string) => `const link = await openHostLink({ ${options} });
await link.reshape({ rttMs: 2, jitterMs: 0, bandwidthMbps: null });
await link.verify();
const namespaces = [link.client.namespace];`,
};

export async function startLinkOwner(
  scratch: string,
  stateDir: string,
  helper: string,
  tools: LinkTools,
  kind: keyof typeof OPEN_LINK = "pair",
): Promise<LinkOwner> {
  const script = path.join(scratch, `link-owner-${Date.now()}.mts`);
  const options = `helper: ${JSON.stringify(helper)}, tools: ${JSON.stringify(tools)}, stateDir: ${JSON.stringify(stateDir)}`;
  await writeFile(
    script,
    `import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { openHostLink, openPacketLink } from ${JSON.stringify(packetIndex)};
${OPEN_LINK[kind](options)}
spawn(${JSON.stringify(tools.ip)}, ["netns", "exec", namespaces[0], "sleep", "300"], { stdio: "ignore" }).unref();
const record = readdirSync(${JSON.stringify(stateDir)}).find((f) => f.startsWith("packet-link-"));
console.log(JSON.stringify({ namespaces, record }));
setInterval(() => {}, 1000);
`,
  );
  // node itself with tsx's loader (not the tsx CLI, which would put a process of its own in between).
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ioRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const made = await new Promise<LinkOwner["made"]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the link owner did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as LinkOwner["made"]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the link owner exited before it was ready:\n${output}`));
    });
  });
  return { child, made, exited };
}
