import { readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { parseRunResult, type RunResult } from "@relix/core";
import { writeFileAtomic } from "./atomic-write";
import { isRunId } from "@relix/core/ids/run-id";

/** Where results go when nobody says otherwise (relative to the runner's working directory). */
export const DEFAULT_RESULTS_DIR = ".relix/runs";

/**
 * The portable copy of each finished result: `<dir>/<id>.json`, exactly the relix.result/v1
 * document (what `pnpm bench --json` writes, without its indentation), so it can be opened,
 * diffed, or imported into another runner as it is.
 */
export class ResultFiles {
  readonly dir: string;

  constructor(dir: string = DEFAULT_RESULTS_DIR) {
    this.dir = path.resolve(dir);
  }

  pathOf(id: string): string {
    // Ids come from URLs: never let one name a file outside the directory.
    if (!isRunId(id)) throw new Error(`not a run id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.json`);
  }

  async write(result: RunResult): Promise<string> {
    const file = this.pathOf(result.id);
    // Compact: indentation makes a result's long numeric arrays several times larger on disk.
    await writeFileAtomic(file, `${JSON.stringify(result)}\n`);
    return file;
  }

  /** The stored file's size in bytes; null when there is none. */
  async sizeOf(id: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(id))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  /** Removes the stored file (retention); no file is not an error. */
  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  /** The stored result, validated; null when there is none. */
  async read(id: string): Promise<RunResult | null> {
    let text: string;
    try {
      text = await readFile(this.pathOf(id), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return parseRunResult(JSON.parse(text));
  }
}
