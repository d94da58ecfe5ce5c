/**
 * Starts a floor reference as a child process owned like the services (killed if the script dies,
 * swept after a crash), on a free port, and waits for its one "listening" line.
 */
import { getFreePort } from "@relix/io/backends";
import { spawnServiceProcess, type ServiceProcess } from "../../src/engine/launch/service-processes";
import type { ReferenceCommand } from "./runtime-floors";

/** A JVM on a busy machine takes seconds to start; nothing here should take longer than this. */
const START_TIMEOUT_MS = 60_000;

export async function startReference(
  reference: ReferenceCommand,
  env: Readonly<Record<string, string | undefined>>,
  redisUrl: string,
): Promise<{ process: ServiceProcess; port: number }> {
  const port = await getFreePort();
  const started = spawnServiceProcess(
    {
      name: reference.name,
      label: `the floor reference (${reference.name})`,
      command: reference.command,
      args: reference.args,
    },
    { ...env, PORT: String(port), REDIS_URL: redisUrl },
    [port],
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`${reference.name} did not listen within ${START_TIMEOUT_MS / 1000} s:\n${started.output()}`),
          ),
        START_TIMEOUT_MS,
      );
      started.child.stdout!.on("data", (chunk: Buffer) => {
        if (!chunk.toString("utf8").includes("reference")) return;
        clearTimeout(timer);
        resolve();
      });
      started.child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${reference.name} exited with ${code}:\n${started.output()}`));
      });
    });
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { process: started, port };
}
