import { z } from "zod";

/** Every `error.code` the runner answers with; stable, for programs (the message is for people). */
export const errorCodes = [
  "invalid_request",
  "invalid_json",
  "invalid_result",
  "not_found",
  "method_not_allowed",
  "not_finished",
  "not_cancellable",
  "conflict",
  "unsupported_media_type",
  "too_large",
  "unauthorized",
  "forbidden_origin",
  "unknown_host",
  "queue_full",
  "shutting_down",
  "unavailable",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** One problem with one field of a request body; `path` is dotted (`spec.workloads.0`), "" for the body itself. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every 4xx/5xx answer; `fields` lists every field at fault so a form can mark each input. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
