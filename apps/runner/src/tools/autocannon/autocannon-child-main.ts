/**
 * The autocannon driver as a program of its own: what autocannon-elsewhere.ts starts on a packet
 * link's client side (autocannon runs inside the runner's process, which cannot enter another
 * network namespace). Reads its options as one JSON document on stdin, prints a `progress` line
 * each second and a `result` line at the end. SIGINT stops issuing (in-flight requests drain), as
 * the runner's abort signal does in process.
 */
import { fromWire, toWire } from "./json-wire";
import type { AutocannonOptions } from "./autocannon-options";
import { runAutocannon } from "./run-autocannon";

const stop = new AbortController();
process.on("SIGINT", () => stop.abort());
process.on("SIGTERM", () => stop.abort());
const write = (line: unknown) => process.stdout.write(`${toWire(line)}\n`);
// From here a SIGINT stops the run as the runner's abort signal would: the parent waits for this.
write({ ready: true });
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const options = fromWire<AutocannonOptions>(Buffer.concat(chunks).toString("utf8"));
try {
  const result = await runAutocannon({
    ...options,
    signal: stop.signal,
    onProgress: (progress) => write({ progress }),
  });
  write({ result });
} catch (error) {
  write({ error: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
