// A run request -> the spec it runs, or every field at fault. The one place where the checks that
// look at more than one field live: a field beside its own sweep axis, the preset merge, the
// run-time limit and the server-delay budget. The runner's HTTP API, the web app and `pnpm bench`
// all come through here.
import { z } from "zod";
import { measuringOverLimit } from "../presets/measuring-limit";
import { estimateMeasuringMs } from "../presets/measuring-time";
import { serverDelayProblem } from "../spec/delay-budget";
import type { RunSpec } from "../spec/run-spec";
import { withPairStacks } from "../stacks/stack-list";
import type { Sweep } from "../sweep/sweep-spec";
import { runRequestEnvelopeSchema, specOverridesSchemaOf, type RunRequest } from "./envelope";
import type { FieldError } from "../runner-api/errors";
import { fieldErrors } from "./field-errors";
import { fieldWording, type RunRequestWording } from "./request-wording";
import { corePresets, type RunPresets } from "./run-presets";
import { runFields, runSpecSchemaOf, sweepDimensionFieldsOf, type RunFieldTable } from "./run-fields";

export interface ResolveOptions {
  /** Default: @relix/core's presets. */
  presets?: RunPresets;
  /** Default: by field name (fieldWording). */
  wording?: RunRequestWording;
  /** Default: runFields. */
  fields?: RunFieldTable;
}

export type ResolvedRunRequest =
  | {
      ok: true;
      spec: RunSpec;
      preset: string | null;
      /** The request as checked, to pass on unchanged (the web forwards it to the runner). */
      request: RunRequest;
      /** Warm-ups and windows in ms (presets/measuring-time.ts); null when a window's length is not known. */
      estimateMs: number | null;
    }
  | { ok: false; errors: FieldError[] };

export function resolveRunRequest(body: unknown, options: ResolveOptions = {}): ResolvedRunRequest {
  const { presets = corePresets, wording = fieldWording, fields = runFields } = options;
  const refused = (errors: FieldError[]): ResolvedRunRequest => ({ ok: false, errors });

  const envelope = runRequestEnvelopeSchema.safeParse(body, { reportInput: true });
  if (!envelope.success) return refused(fieldErrors(envelope.error.issues));
  const { preset, spec: sent = {} } = envelope.data;

  const errors: FieldError[] = [];
  const checked = specOverridesSchemaOf(fields).safeParse(sent, { reportInput: true });
  if (!checked.success) errors.push(...fieldErrors(checked.error.issues, ["spec"]));
  if (preset !== undefined && !presets.has(preset)) {
    const known = presets.list().map((p) => p.name);
    errors.push({
      path: "preset",
      message: `unknown preset "${preset}"${known.length ? ` (known: ${known.join(", ")})` : ""}`,
    });
  }
  // The keys as sent: the checked copy may hold more.
  if (checked.success)
    errors.push(
      ...sweptFieldsGiven(Object.keys(sent), (checked.data as { sweep?: Sweep | null }).sweep, fields, wording),
    );
  if (errors.length > 0) return refused(errors);

  // The preset label is the request's choice, not something a spec can claim.
  const { preset: _ignored, ...given } = sent;
  const merged = preset === undefined ? fromScratch(given, fields) : fromPreset(presets, preset, given);
  if (!merged.ok) return merged;
  // The pair's two stacks are measured whether the stacks list named them or not.
  const spec = withPairStacks(merged.spec);

  // A window counted in requests in a closed loop is bounded by its time cap (count-window-cap.ts).
  const overLimit = measuringOverLimit(spec);
  if (overLimit) return refused([{ path: `spec.${overLimit.field}`, message: wording.overTimeLimit(overLimit, spec) }]);
  const delayProblem = serverDelayProblem(spec);
  if (delayProblem) return refused([{ path: "spec.serverDelayMs", message: wording.delayBudget(delayProblem, spec) }]);
  return { ok: true, spec, preset: preset ?? null, request: envelope.data, estimateMs: estimateMeasuringMs(spec) };
}

/**
 * A field given beside a sweep axis of its own dimension: the sweep would set it at every point
 * and the value given would be quietly ignored, so the pair is refused.
 */
function sweptFieldsGiven(
  given: readonly string[],
  sweep: Sweep | null | undefined,
  fields: RunFieldTable,
  wording: RunRequestWording,
): FieldError[] {
  const fieldOf = sweepDimensionFieldsOf(fields);
  return (sweep?.axes ?? []).flatMap((axis) => {
    const field = fieldOf[axis.dimension];
    return field !== undefined && given.includes(field)
      ? [{ path: `spec.${field}`, message: wording.sweptField(axis.dimension, field) }]
      : [];
  });
}

type Merged = { ok: true; spec: RunSpec } | { ok: false; errors: FieldError[] };

function fromScratch({ sweep, ...given }: Record<string, unknown>, fields: RunFieldTable): Merged {
  const parsed = runSpecSchemaOf(fields).safeParse(sweep === null ? given : { ...given, sweep }, {
    reportInput: true,
  });
  if (parsed.success) return { ok: true, spec: parsed.data as RunSpec };
  const errors = fieldErrors(parsed.error.issues, ["spec"]).map((f) =>
    f.path === "spec.workloads" && f.message === "required"
      ? { ...f, message: "required: choose workloads or a preset" }
      : f,
  );
  return { ok: false, errors };
}

function fromPreset(presets: RunPresets, name: string, given: Record<string, unknown>): Merged {
  try {
    return { ok: true, spec: { ...presets.specFromPreset(name, given), preset: name } };
  } catch (error) {
    if (error instanceof z.ZodError) return { ok: false, errors: fieldErrors(error.issues, ["spec"]) };
    return { ok: false, errors: [{ path: "preset", message: error instanceof Error ? error.message : String(error) }] };
  }
}
