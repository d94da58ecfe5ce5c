import {
  measuringOverLimit,
  runSpecSchema,
  serverDelayProblem,
  sweepDimensionField,
  sweepSchema,
  type RunSpec,
} from "@relix/core";
import { z } from "zod";
import { fieldErrors } from "./field-errors";
import { invalidRequest, type FieldError } from "./http-error";
import type { PresetCatalog } from "./preset-catalog";

/** POST /api/runs: `{ preset?, spec? }` and nothing else. */
const runRequestSchema = z
  .object({
    preset: z.string().min(1).max(40).optional(),
    spec: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

// Checks the fields a request gives, one by one. Its output fills in the schema's defaults, so only
// the fields as sent are merged over a preset: a default must not override the preset's value. `sweep: null` is the one way to say "measure the
// preset's point without its sweep", since an absent field keeps the preset's value.
const overridesSchema = runSpecSchema.partial().extend({ sweep: sweepSchema.nullable().optional() });

export interface RunRequest {
  spec: RunSpec;
  preset: string | null;
}

/**
 * The body of POST /api/runs -> a complete, bounded RunSpec: the preset's spec (if any) with the
 * given fields over it. Throws a 400 HttpError listing every field at fault.
 */
export function parseRunRequest(body: unknown, presets: PresetCatalog): RunRequest {
  const request = runRequestSchema.safeParse(body, { reportInput: true });
  if (!request.success) throw invalidSpec(fieldErrors(request.error.issues));
  const { preset, spec: overrides = {} } = request.data;

  const fields: FieldError[] = [];
  const checked = overridesSchema.safeParse(overrides, { reportInput: true });
  if (!checked.success) fields.push(...fieldErrors(checked.error.issues, ["spec"]));
  if (preset !== undefined && !presets.has(preset)) {
    const known = presets.list().map((p) => p.name);
    fields.push({
      path: "preset",
      message: `unknown preset "${preset}"${known.length ? ` (known: ${known.join(", ")})` : ""}`,
    });
  }
  // The keys as sent: the checked copy holds the schema's defaults too.
  if (checked.success) fields.push(...sweptFieldsGiven(Object.keys(overrides), checked.data.sweep));
  if (fields.length > 0) throw invalidSpec(fields);

  // The preset label is the request's choice, not something a spec can claim.
  const { preset: _ignored, ...given } = overrides;
  const spec = preset === undefined ? fromScratch(given) : fromPreset(presets, preset, given);
  // A window counted in requests in a closed loop is bounded by its time cap (count-window-cap.ts).
  const overLimit = measuringOverLimit(spec);
  if (overLimit) {
    const shorter =
      spec.requests !== undefined
        ? `fewer requests${spec.rate === undefined ? "" : " or a higher rate"}, or shorter warm-ups`
        : "or shorter windows";
    throw invalidSpec([
      {
        path: `spec.${overLimit.field}`,
        message: `${overLimit.sentence}: choose fewer ${spec.sweep ? "sweep values, " : ""}workloads, cache modes or trials, ${shorter}`,
      },
    ]);
  }
  const delayProblem = serverDelayProblem(spec);
  if (delayProblem) throw invalidSpec([{ path: "spec.serverDelayMs", message: delayProblem }]);
  return { spec, preset: preset ?? null };
}

/**
 * A field given beside a sweep axis of its own dimension: the sweep would set it at every point
 * and the value given would be quietly ignored, so the pair is refused (as the CLI refuses it).
 */
function sweptFieldsGiven(
  given: readonly string[],
  sweep: { axes: ReadonlyArray<{ dimension: keyof typeof sweepDimensionField }> } | null | undefined,
): FieldError[] {
  return (sweep?.axes ?? []).flatMap((axis) => {
    const field = sweepDimensionField[axis.dimension];
    return given.includes(field)
      ? [
          {
            path: `spec.${field}`,
            message: `the sweep's ${axis.dimension} axis sets ${field} at every point: give the axis or the field, not both`,
          },
        ]
      : [];
  });
}

function fromScratch({ sweep, ...given }: Record<string, unknown>): RunSpec {
  const parsed = runSpecSchema.safeParse(sweep === null ? given : { ...given, sweep }, { reportInput: true });
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error.issues, ["spec"]).map((f) =>
    f.path === "spec.workloads" && f.message === "required"
      ? { ...f, message: "required: choose workloads or a preset" }
      : f,
  );
  throw invalidSpec(fields);
}

function fromPreset(presets: PresetCatalog, name: string, given: Record<string, unknown>): RunSpec {
  try {
    return { ...presets.specFromPreset(name, given), preset: name };
  } catch (error) {
    if (error instanceof z.ZodError) throw invalidSpec(fieldErrors(error.issues, ["spec"]));
    throw invalidSpec([{ path: "preset", message: error instanceof Error ? error.message : String(error) }]);
  }
}

function invalidSpec(fields: FieldError[]) {
  const summary =
    fields.length === 1 ? `${fields[0]!.path || "body"}: ${fields[0]!.message}` : `${fields.length} fields are invalid`;
  return invalidRequest(`invalid run request: ${summary}`, fields);
}
