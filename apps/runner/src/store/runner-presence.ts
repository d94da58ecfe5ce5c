import { readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { isRunId, newRunId } from "@relix/core/ids/run-id";
import { writeFileAtomic } from "./atomic-write";

/** A runner process's id: random, new for every process (the same shape as a run id). */
export function newRunnerId(): string {
  return newRunId();
}

// Read from disk, possibly written by another process: checked before it is trusted.
const presenceSchema = z.object({
  runnerId: z.string(),
  host: z.string(),
  pid: z.number().int().positive(),
});

/** What the presence files of one results directory say about the runners of this host. */
export interface RunnerSurvey {
  /** Runners whose process still exists. */
  alive: Set<string>;
  /** Runners whose process no longer exists: they died without a clean stop. */
  gone: Set<string>;
}

/**
 * Runner ids registered by this very process: a presence file with our own pid is one of them only
 * while it is registered here; otherwise it was left by an earlier process that had the same pid
 * (a container restarted: the runner is often pid 1 again).
 */
const registeredHere = new Set<string>();

/**
 * Each runner process keeps a small file `<results dir>/runners/<runner id>.json` (host name,
 * process id) while it lives, and removes it when it stops cleanly. A runner started later on the
 * same host reads them to tell a runner that crashed (its process no longer exists) from one that
 * still runs: the first is provably gone at once, without waiting for a heartbeat to age. Files of
 * other hosts (a directory shared over the network) say nothing either way.
 */
export class RunnerPresence {
  readonly dir: string;

  constructor(
    resultsDir: string,
    readonly runnerId: string,
  ) {
    this.dir = path.join(resultsDir, "runners");
  }

  async register(): Promise<void> {
    const presence = { runnerId: this.runnerId, host: os.hostname(), pid: process.pid };
    await writeFileAtomic(this.fileOf(this.runnerId), `${JSON.stringify(presence)}\n`);
    registeredHere.add(this.runnerId);
  }

  async unregister(): Promise<void> {
    registeredHere.delete(this.runnerId);
    await rm(this.fileOf(this.runnerId), { force: true });
  }

  async survey(): Promise<RunnerSurvey> {
    const survey: RunnerSurvey = { alive: new Set(), gone: new Set() };
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return survey;
      throw error;
    }
    const host = os.hostname();
    for (const name of names) {
      const presence = await this.read(name);
      if (presence === null || presence.host !== host) continue;
      const alive = presence.pid === process.pid ? registeredHere.has(presence.runnerId) : processExists(presence.pid);
      survey[alive ? "alive" : "gone"].add(presence.runnerId);
    }
    return survey;
  }

  /** Removes the files of runners that are gone, once their runs have been dealt with. */
  async forget(runnerIds: Iterable<string>): Promise<void> {
    for (const id of runnerIds) {
      if (id !== this.runnerId) await rm(this.fileOf(id), { force: true });
    }
  }

  private fileOf(runnerId: string): string {
    if (!isRunId(runnerId)) throw new Error(`not a runner id: ${JSON.stringify(runnerId)}`);
    return path.join(this.dir, `${runnerId}.json`);
  }

  private async read(name: string): Promise<z.infer<typeof presenceSchema> | null> {
    const id = name.endsWith(".json") ? name.slice(0, -".json".length) : "";
    if (!isRunId(id)) return null;
    try {
      const parsed = presenceSchema.safeParse(JSON.parse(await readFile(path.join(this.dir, name), "utf8")));
      return parsed.success && parsed.data.runnerId === id ? parsed.data : null;
    } catch {
      // Removed meanwhile (its runner stopped), or not ours: it proves nothing.
      return null;
    }
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only not ours to signal.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
