import { z } from "zod";
import { runSpecSchema } from "@relix/core/spec/run-spec";

// What the browser may send to start a run: a preset name and spec fields, nothing else. The
// runner validates the spec again and is the source of truth; this check keeps anything that is
// not a RunSpec field (a URL, a host, a port...) from ever leaving the web app.

const specKeys = new Set(Object.keys(runSpecSchema.shape));

export const startRequestSchema = z
  .object({
    preset: z.string().min(1).max(40).optional(),
    spec: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const key of Object.keys(body.spec ?? {})) {
      if (!specKeys.has(key) || key === "preset") {
        ctx.addIssue({
          code: "custom",
          path: ["spec", key],
          message: `unknown field "${key}": a run only takes RunSpec fields, never a target`,
        });
      }
    }
  });

export type StartRequest = z.infer<typeof startRequestSchema>;

export function fieldsOf(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({
    path: i.path.join("."),
    message: i.code === "unrecognized_keys" ? `unknown field(s): ${i.keys.join(", ")}` : i.message,
  }));
}
