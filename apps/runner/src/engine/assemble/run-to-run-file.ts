/**
 * The file that keeps this machine's run-to-run spreads (@relix/core stats/run-to-run-book.ts):
 * `pnpm bench:calibrate` writes it, every later run reads it when it starts. It lives with the
 * runner's other state, .relix/ at the repository's root (RELIX_RUN_TO_RUN_FILE moves it; "off"
 * turns run-to-run noise off, the reference machine's too), never in git: the spread is the
 * machine's, not the code's.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { RunFact, RunSpec } from "@relix/core";
import { layeredRunToRun, type LayeredRunToRun } from "@relix/core/presets/calibrations/reference-run-to-run";
import {
  emptyRunToRunBook,
  runToRunBookSchema,
  type RunToRunBook,
  type RunToRunNoise,
} from "@relix/core/stats/run-to-run-book";
import type { Env } from "../measure/load-generator";
import { REPO_ROOT } from "../launch/service-build";

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

/**
 * A run's use of the spreads: each comparison's, from this machine's book, else the reference
 * machine's calibration of the same spec, else the largest spread any reference calibration showed
 * (@relix/core presets/calibrations/reference-run-to-run.ts); and the fact of which it used.
 */
export interface RunToRunUse {
  lookup: LayeredRunToRun;
  /** The run-to-run fact: every spread a comparison of the run was widened by (this machine's own). */
  fact(): Extract<RunFact, { kind: "run-to-run" }>;
  warning?: string;
}

/** The spreads a run of `spec` is widened by; null when the environment turned them off. */
export async function openRunToRun(file: string | null | undefined, spec: RunSpec): Promise<RunToRunUse | null> {
  if (!file) return null;
  const { book, warning } = await readRunToRunBook(file);
  const layered = layeredRunToRun(book, spec);
  const used = new Map<string, RunToRunNoise>();
  return {
    lookup: {
      noiseOf(cell, pair, metric) {
        const noise = layered.noiseOf(cell, pair, metric);
        if (noise) used.set(noise.comparison, noise);
        return noise;
      },
    },
    fact: () => ({
      kind: "run-to-run",
      // Only this machine's own spreads widen an interval; one from elsewhere is a note on the interval (RatioCI.referenceSpread).
      applied: [...used.values()]
        .filter((noise) => noise.source === "this-machine")
        .map(({ comparison, spread, runs, measuredAt, source }) => ({ comparison, spread, runs, measuredAt, source })),
    }),
    ...(warning ? { warning } : {}),
  };
}
