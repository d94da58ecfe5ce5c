/**
 * The file that keeps this machine's run-to-run spreads (@relix/core stats/run-to-run-book.ts):
 * `pnpm bench:calibrate` writes it, every later run reads it when it starts. It lives with the
 * runner's other state, .relix/ at the repository's root (RELIX_RUN_TO_RUN_FILE moves it; "off"
 * turns it off), never in git: the spread is the machine's, not the code's.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { RunFact, RunSpec } from "@relix/core";
import {
  emptyRunToRunBook,
  runToRunBookSchema,
  runToRunLookup,
  type RunToRunBook,
  type RunToRunEntry,
  type RunToRunLookup,
} from "@relix/core/stats/run-to-run-book";
import type { Env } from "./load-generator";
import { REPO_ROOT } from "./service-build";

export const DEFAULT_RUN_TO_RUN_FILE = path.join(REPO_ROOT, ".relix", "run-to-run.json");

/** Where the book is, or null when the environment turned it off. */
export function runToRunFileOf(env: Env): string | null {
  const chosen = env.RELIX_RUN_TO_RUN_FILE?.trim();
  if (chosen === "off") return null;
  return chosen ? path.resolve(chosen) : DEFAULT_RUN_TO_RUN_FILE;
}

export interface ReadBook {
  book: RunToRunBook;
  /** Why the file was not used (unreadable, not a book): said to the user, the run goes on without it. */
  warning?: string;
}

/** The book in `file`: empty when there is none yet, empty with a warning when it cannot be used. */
export async function readRunToRunBook(file: string): Promise<ReadBook> {
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { book: emptyRunToRunBook() };
    return { book: emptyRunToRunBook(), warning: `cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    const parsed = runToRunBookSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { book: parsed.data };
    return {
      book: emptyRunToRunBook(),
      warning: `${file} is not a run-to-run book (${parsed.error.issues[0]?.message ?? "bad shape"}): run pnpm bench:calibrate again to rewrite it`,
    };
  } catch (error) {
    return { book: emptyRunToRunBook(), warning: `${file} is not JSON (${(error as Error).message})` };
  }
}

/** Writes the book whole, through a temporary file renamed over the old one: a reader never sees half of it. */
export async function writeRunToRunBook(file: string, book: RunToRunBook): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(book, null, 2)}\n`);
  await fs.rename(temporary, file);
}

/** A run's use of the book: the spreads its comparisons look up, and the fact of which it used. */
export interface RunToRunUse {
  lookup: RunToRunLookup;
  /** The run-to-run fact: every spread a comparison of the run was widened by (none: not calibrated). */
  fact(): Extract<RunFact, { kind: "run-to-run" }>;
  warning?: string;
}

/** The book of `file` as the run of `spec` reads it; null when the book is turned off. */
export async function openRunToRun(file: string | null | undefined, spec: RunSpec): Promise<RunToRunUse | null> {
  if (!file) return null;
  const { book, warning } = await readRunToRunBook(file);
  const lookup = runToRunLookup(book, spec);
  const used = new Map<string, RunToRunEntry>();
  return {
    lookup: {
      calibrated: lookup.calibrated,
      spreadOf(comparison) {
        const entry = lookup.spreadOf(comparison);
        if (entry) used.set(comparison, entry);
        return entry;
      },
    },
    fact: () => ({
      kind: "run-to-run",
      applied: [...used.values()].map(({ comparison, spread, runs, measuredAt }) => ({
        comparison,
        spread,
        runs,
        measuredAt,
      })),
    }),
    ...(warning ? { warning } : {}),
  };
}
