import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { RunSpec } from "@relix/core";
import { isRunId } from "@relix/core/ids/run-id";
import { runStatusSchema } from "@relix/core/runner-api/run-events";
import { writeFileAtomic } from "./atomic-write";
import { headlineSchema } from "./headline";
import type { RunRecord } from "./results-store";

const RECORD_SUFFIX = ".run.json";

// Our own files, but read from disk: checked before they are trusted. The spec was validated when
// the run was created; it is not re-validated so that tightening a bound later does not hide old runs.
// `owner` is optional: records written before runs had owners have none.
const storedRecordSchema = z.object({
  id: z.string(),
  status: runStatusSchema,
  preset: z.string().nullable(),
  spec: z.record(z.string(), z.unknown()),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  reason: z.string().nullable(),
  headline: headlineSchema.nullable(),
  importedAt: z.number().nullable(),
  importedFrom: z.string().nullable(),
  owner: z.string().nullable().optional(),
});

/**
 * One small file per run, `<dir>/<id>.run.json` (status, times, reason, owner), rewritten
 * atomically on every change: the whole store without MySQL, and beside MySQL the copy that brings
 * a run back when the database is replaced (`pnpm start`'s scratch MariaDB), whatever its status.
 */
export class RunRecordFiles {
  constructor(readonly dir: string) {}

  async write(record: RunRecord): Promise<void> {
    if (!isRunId(record.id)) throw new Error(`not a run id: ${JSON.stringify(record.id)}`);
    await writeFileAtomic(this.pathOf(record.id), `${JSON.stringify(record, null, 2)}\n`);
  }

  /** The ids that have a record file here (none when the directory does not exist yet). */
  async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return names
      .filter((name) => name.endsWith(RECORD_SUFFIX))
      .map((name) => name.slice(0, -RECORD_SUFFIX.length))
      .filter(isRunId);
  }

  /** The record, validated; throws (naming the file) when it is not one. */
  async read(id: string): Promise<RunRecord> {
    const file = this.pathOf(id);
    const parsed = storedRecordSchema.safeParse(JSON.parse(await readFile(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not a run record: ${parsed.error.message}`);
    return { ...parsed.data, spec: parsed.data.spec as RunSpec };
  }

  /** Removes the record file (retention); no file is not an error. */
  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  private pathOf(id: string): string {
    if (!isRunId(id)) throw new Error(`not a run id: ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}${RECORD_SUFFIX}`);
  }
}
