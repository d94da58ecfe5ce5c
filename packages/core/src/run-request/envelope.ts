// What starts a run, from the web's form, the runner's HTTP API or `pnpm bench`: a preset's name
// and spec fields laid over it, nothing else. Every field is one of the run-field table's: a key
// that is not (a URL, a host, a port...) is refused by name before anything else is looked at.
import { z } from "zod";
import { sweepSchema } from "../sweep/sweep-spec";
import { unknownFieldMessage } from "./field-errors";
import { runFields, runSpecSchemaOf, type RunFieldTable } from "./run-fields";

/** `{ preset?, spec? }`: the envelope alone, the spec's fields not yet looked at. */
export const runRequestEnvelopeSchema = z
  .object({
    preset: z.string().min(1).max(40).optional(),
    spec: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type RunRequest = z.infer<typeof runRequestEnvelopeSchema>;

/**
 * The spec fields a request may give, each checked on its own. Absent fields stay absent (no
 * defaults), so that only the fields as sent are laid over a preset. `sweep: null` is the one way
 * to say "measure the preset's point without its sweep", since an absent field keeps the preset's.
 */
export function specOverridesSchemaOf(fields: RunFieldTable) {
  return runSpecSchemaOf(fields).partial().extend({ sweep: sweepSchema.nullable().optional() });
}

/** The envelope with every spec field checked, each issue placed at its field ("spec.connections"). */
export function runRequestSchemaOf(fields: RunFieldTable) {
  const overrides = specOverridesSchemaOf(fields);
  return runRequestEnvelopeSchema.superRefine((request, ctx) => {
    const checked = overrides.safeParse(request.spec ?? {}, { reportInput: true });
    for (const issue of checked.error?.issues ?? []) {
      const path = ["spec", ...issue.path];
      // One issue per unknown key, so each is named where it was sent.
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys)
          ctx.addIssue({ code: "custom", path: [...path, key], message: unknownFieldMessage(key) });
      } else ctx.addIssue({ ...issue, path });
    }
  });
}

export const runRequestSchema = runRequestSchemaOf(runFields);
