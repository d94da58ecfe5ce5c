import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file so that readers (and a crash) only ever see the old content or the whole new
 * content: write a temp file in the same directory, fsync it, rename it over the target (rename is
 * atomic within one file system), then fsync the directory so the rename itself is durable.
 */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx", 0o644);
    try {
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

async function syncDirectory(dir: string): Promise<void> {
  // Not every platform lets a directory be opened for fsync (Windows); the data is already safe there.
  const handle = await open(dir, "r").catch(() => null);
  if (handle === null) return;
  try {
    await handle.sync();
  } catch {
    // EINVAL/EPERM on some file systems: nothing more to do.
  } finally {
    await handle.close();
  }
}
