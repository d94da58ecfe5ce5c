// relix.result/v1 on disk. Validated on the way out (a writer bug must not produce a file that
// every reader will refuse) and on the way in (an imported file is untrusted input).
import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { parseRunResult, runResultSchema, type RunResult } from "@relix/core";

export function serializeResult(result: RunResult): string {
  const parsed = runResultSchema.safeParse(result);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`refusing to write an invalid relix.result/v1 document: ${issues.join("; ")}`);
  }
  return `${JSON.stringify(parsed.data, null, 2)}\n`;
}

/** Written to a temporary name, then renamed: a reader never sees half a file, even after Ctrl-C. */
export async function writeTextFileAtomic(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, text, "utf8");
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export async function writeResultFile(path: string, result: RunResult): Promise<void> {
  await writeTextFileAtomic(path, serializeResult(result));
}

/** Reads and validates a result file; every failure names the file and what is wrong. */
export async function readResultFile(path: string): Promise<RunResult> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `${path}: cannot read the result file${code === "ENOENT" ? " (no such file)" : ` (${code ?? String(error)})`}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not JSON (${(error as Error).message})`);
  }
  try {
    return parseRunResult(json);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}
