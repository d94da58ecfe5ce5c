import type { z } from "zod";
import type { FieldError } from "./http-error";

/** Keys that would name where load goes: the runner never takes them: it loads only the services it starts. */
const ADDRESS_LIKE = /url|uri|host|port|target|address|endpoint|server/i;

/** Enough for any honest form; a garbage document would otherwise list thousands. */
const MAX_FIELDS = 50;

/**
 * zod issues -> one entry per field, in words a form can show beside the input. `prefix` places
 * the issues of a nested document (`spec`) in the request body.
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

export function dotted(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

function unknownFieldMessage(key: string): string {
  if (ADDRESS_LIKE.test(key)) {
    return `unknown field "${key}": a run never takes a URL, host or port; it only measures the services the runner was configured with`;
  }
  return `unknown field "${key}"`;
}

function messageOf(issue: z.core.$ZodIssue, path: readonly PropertyKey[]): string {
  const input = (issue as { input?: unknown }).input;
  if (issue.code === "invalid_type" && input === undefined) return "required";
  if (issue.code === "invalid_value" && path.includes("workloads") && typeof input === "string") {
    return `unknown workload "${input}" (GET /api/catalog lists them)`;
  }
  return issue.message;
}
