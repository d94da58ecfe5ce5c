import { z } from "zod";

/** Shared by every by-id workload. gRPC's proto3 default id 0 fails this, as a missing REST id does. */
const positiveId = "must be a whole number from 1 to 4294967295";
export const byIdRequestSchema = z.object({
  id: z
    .number({ error: positiveId })
    .int({ error: positiveId })
    .min(1, { error: positiveId })
    .max(2 ** 32 - 1, { error: positiveId }),
});
export type ByIdRequest = z.infer<typeof byIdRequestSchema>;

export const noRequestSchema = z.object({});

/** REST path params are strings; "12" -> 12, anything else stays invalid (NaN fails the schema). */
export const idFromParams = (params: Record<string, string>) => ({
  id: /^\d+$/.test(params.id ?? "") ? Number(params.id) : Number.NaN,
});
