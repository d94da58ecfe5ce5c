import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import path from "node:path";

/** The system directories where Debian puts server binaries; /usr/sbin is not on a non-root PATH. */
export const SYSTEM_BIN_DIRS: readonly string[] = [
  "/usr/local/sbin",
  "/usr/local/bin",
  "/usr/sbin",
  "/usr/bin",
  "/sbin",
  "/bin",
];

export interface FindExecutableOptions {
  /** PATH-style list searched first; defaults to this process's PATH. */
  searchPath?: string;
  /** Directories searched after `searchPath`. */
  extraDirs?: readonly string[];
}

/** The first of `names` that is an executable file on the search path, as an absolute path, or null. */
export async function findExecutable(
  names: readonly string[],
  options: FindExecutableOptions = {},
): Promise<string | null> {
  const fromPath = (options.searchPath ?? process.env.PATH ?? "").split(path.delimiter).filter((dir) => dir !== "");
  const dirs = [...new Set([...fromPath, ...(options.extraDirs ?? SYSTEM_BIN_DIRS)])];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.resolve(dir, name);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
