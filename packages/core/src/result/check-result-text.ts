import type { z } from "zod";
import { jsonTextShape, type JsonTextLimits } from "./json-text-shape";
import { RESULT_SCHEMA_ID, runResultSchema, type RunResult } from "./result-schema";

/**
 * What an imported document may hold. Depth: a relix.result/v1 document nests about 10 levels
 * (cells, stacks, trials, errors by code...); 32 leaves room for the schema to grow. Values: a
 * result's values are mostly floats, strings and objects of several of them, about 15 bytes each
 * or more (histograms are one long string), so the largest import (20 MiB) holds under 1.5 million;
 * 4 million is one value per 5 bytes of 20 MiB, reached only by arrays of bare digits or empty
 * containers, which no run writes.
 */
export const RESULT_TEXT_LIMITS: JsonTextLimits = { maxDepth: 32, maxValues: 4_000_000 };

/** Problems listed at most for one refused document: enough to fix it, never a flood. */
export const RESULT_MAX_ISSUES = 50;

/**
 * Up to this many values a refused document gets every problem listed (zod spends about 1.5 µs
 * per problem, so at worst a few tens of ms); beyond it only the first problem of each top-level
 * field, so that a 20 MiB array of wrong values costs no more than a right one.
 */
const FULL_REPORT_MAX_VALUES = 50_000;

// Inputs stay on the issues (the runner tells "required" from "wrong type" by them); the document
// is alive anyway while they are read.
const REPORT: z.core.ParseContext<z.core.$ZodIssue> = { reportInput: true };
// zod stops at a container's first failing child with this (what its own `validate` uses): a
// document with millions of wrong values is refused after the first.
const STOP_AT_FIRST: z.core.ParseContextInternal<z.core.$ZodIssue> = { reportInput: true, abortEarly: true };

export type ResultTextCheck =
  | { ok: true; result: RunResult }
  | {
      ok: false;
      /** invalid_json: not JSON at all; invalid_result: JSON, but not a relix.result/v1 document. */
      problem: "invalid_json" | "invalid_result";
      message: string;
      /** At most RESULT_MAX_ISSUES, each with its path from the document's root. */
      issues: z.core.$ZodIssue[];
    };

/**
 * An untrusted relix.result/v1 document (an import), checked at a cost bounded by its size, not by
 * how wrong it is: nesting is measured on the text before parsing, a valid document is parsed
 * once, and a refused one lists at most RESULT_MAX_ISSUES problems without zod first building one
 * per wrong value.
 */
export function checkResultText(text: string): ResultTextCheck {
  const shape = jsonTextShape(text, RESULT_TEXT_LIMITS);
  if (!shape.within) {
    const limit =
      shape.exceeded === "depth"
        ? `nested deeper than ${RESULT_TEXT_LIMITS.maxDepth} levels`
        : `more than ${RESULT_TEXT_LIMITS.maxValues.toLocaleString("en")} values`;
    return refused(
      "invalid_result",
      `not a valid ${RESULT_SCHEMA_ID} document: ${limit} (at character ${shape.at}); a result never holds that`,
      [],
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refused("invalid_json", `not valid JSON: ${(error as Error).message}`, []);
  }

  const first = runResultSchema.safeParse(value, STOP_AT_FIRST);
  if (first.success) return { ok: true, result: first.data };
  const everyProblem = shape.values <= FULL_REPORT_MAX_VALUES;
  const issues = everyProblem ? (runResultSchema.safeParse(value, REPORT).error?.issues ?? []) : firstPerField(value);
  const shown = issues.slice(0, RESULT_MAX_ISSUES);
  const count = everyProblem
    ? `${issues.length} problem${issues.length === 1 ? "" : "s"}`
    : "the first problem of each field shown";
  return refused("invalid_result", `not a valid ${RESULT_SCHEMA_ID} document (${count})`, shown);
}

/** The first problem under each top-level field: a useful list at a cost that stays small. */
function firstPerField(value: unknown): z.core.$ZodIssue[] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return runResultSchema.safeParse(value, STOP_AT_FIRST).error?.issues ?? [];
  }
  const fields = value as Record<string, unknown>;
  const issues: z.core.$ZodIssue[] = [];
  for (const [key, schema] of Object.entries(runResultSchema.shape)) {
    const checked = schema.safeParse(fields[key], STOP_AT_FIRST);
    if (checked.success) continue;
    for (const issue of checked.error.issues) issues.push({ ...issue, path: [key, ...issue.path] });
  }
  return issues;
}

function refused(problem: "invalid_json" | "invalid_result", message: string, issues: z.core.$ZodIssue[]) {
  return { ok: false as const, problem, message, issues };
}
