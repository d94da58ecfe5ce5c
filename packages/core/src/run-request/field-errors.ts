// zod issues -> one entry per field, in words a form can show beside its input and a person can
// read in one line: what the runner answers, what the web answers, what `pnpm bench` prints.
import type { z } from "zod";
import type { FieldError } from "../runner-api/errors";

/** Keys that would name where load goes: a run never takes them; it loads only the services the runner was configured with. */
const ADDRESS_LIKE = /url|uri|host|port|target|address|endpoint|server/i;

/** Enough for any honest form; a garbage document would otherwise list thousands. */
const MAX_FIELDS = 50;

export function unknownFieldMessage(key: string): string {
  if (ADDRESS_LIKE.test(key)) {
    return `unknown field "${key}": a run never takes a URL, host or port; it only measures the services the runner was configured with`;
  }
  return `unknown field "${key}"`;
}

export function dotted(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

function messageOf(issue: z.core.$ZodIssue, path: readonly PropertyKey[]): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === "invalid_type" && input === undefined) return "required";
  if (issue.code === "invalid_value" && path.includes("workloads") && typeof input === "string") {
    return `unknown workload "${input}" (GET /api/catalog lists them)`;
  }
  return issue.message;
}

/**
 * zod issues -> one entry per field. `prefix` places the issues of a nested document (`spec`) in
 * the request body. Parse with `reportInput: true`, so a missing field reads "required".
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): FieldError[] {
  const fields: FieldError[] = [];
  // Stops at MAX_FIELDS: a body with a million unknown keys must not cost a million entries first.
  for (const issue of issues) {
    if (fields.length >= MAX_FIELDS) break;
    const path = [...prefix, ...issue.path];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys.slice(0, MAX_FIELDS - fields.length)) {
        fields.push({ path: dotted([...path, key]), message: unknownFieldMessage(key) });
      }
    } else {
      fields.push({ path: dotted(path), message: messageOf(issue, path) });
    }
  }
  return fields;
}

/** The one line that sums up a refused run request: its only field, or how many. */
export function invalidRunRequestMessage(fields: readonly FieldError[]): string {
  const summary =
    fields.length === 1 ? `${fields[0]!.path || "body"}: ${fields[0]!.message}` : `${fields.length} fields are invalid`;
  return `invalid run request: ${summary}`;
}
