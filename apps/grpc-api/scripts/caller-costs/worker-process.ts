import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { callerCodecSchema } from "@relix/core";
import { z } from "zod";

/** How long a worker may take to load its payloads, and to answer one round (a round is ~tens of ms). */
const HELLO_TIMEOUT_MS = 60_000;
const ROUND_TIMEOUT_MS = 30_000;

/**
 * A worker's first line: what it is, the codecs it measures, and per workload and codec
 * the size of the request as it encodes it (null: no request body in that encoding).
 */
export const helloSchema = z.object({
  runtime: z.string(),
  version: z.string(),
  codecs: z.array(callerCodecSchema).min(1),
  workloads: z.record(
    z.string(),
    z.record(z.string(), z.object({ encodedRequestBytes: z.number().int().nonnegative().nullable() })),
  ),
});
export type Hello = z.infer<typeof helloSchema>;

/** One round: calls made, the wall time they took and the worker process's CPU time over them. */
const roundSchema = z.object({
  calls: z.number().int().positive(),
  ns: z.number().positive(),
  cpuNs: z.number().nonnegative(),
});

export interface RoundTask {
  workload: string;
  codec: string;
  op: "encode" | "decode";
  minNs: number;
}

/**
 * A measuring process in any runtime, spoken to one JSON line at a time: it says hello once, then
 * answers each task with one round's calls and nanoseconds. It waits on stdin between tasks, so
 * an idle worker takes no CPU from the one measuring.
 */
export interface Worker {
  hello: Hello;
  round(task: RoundTask): Promise<z.infer<typeof roundSchema>>;
  close(): void;
}

export async function startWorker(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Worker> {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], env });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<never>((_, reject) =>
    child.on("exit", (code, signal) =>
      reject(new Error(`${name} exited (${code ?? signal})${stderr ? `: ${stderr.trim()}` : ""}`)),
    ),
  );
  exited.catch(() => {}); // read only when a line is awaited

  async function nextLine(timeoutMs: number): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name} did not answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const line = await Promise.race([lines.next(), exited, timeout]);
      if (line.done) throw new Error(`${name} closed its output${stderr ? `: ${stderr.trim()}` : ""}`);
      const value = JSON.parse(line.value) as { error?: string };
      if (value.error) throw new Error(`${name}: ${value.error}`);
      return value;
    } finally {
      clearTimeout(timer);
    }
  }

  try {
    const hello = helloSchema.parse(await nextLine(HELLO_TIMEOUT_MS));
    return {
      hello,
      async round(task) {
        child.stdin.write(`${JSON.stringify(task)}\n`);
        return roundSchema.parse(await nextLine(ROUND_TIMEOUT_MS));
      },
      close: () => child.stdin.end(),
    };
  } catch (error) {
    child.kill();
    throw error;
  }
}
