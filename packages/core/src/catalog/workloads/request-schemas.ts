import { z } from "zod";
import { specBounds } from "../../spec/bounds";
import { ITEM_LIST_LIMIT } from "../../domain/item";

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

/**
 * item.list / item.stream: how many records one reply holds. Absent keeps the studies' list of
 * ITEM_LIST_LIMIT; gRPC's proto3 default 0 means absent, as an unset field does.
 */
const { min: minRecords, max: maxRecords } = specBounds.records;
const recordCount = `must be a whole number from ${minRecords} to ${maxRecords}`;
export const listItemsRequestSchema = z.object({
  limit: z
    .number({ error: recordCount })
    .int({ error: recordCount })
    .min(minRecords, { error: recordCount })
    .max(maxRecords, { error: recordCount })
    .optional()
    .describe(`Records in the reply, ${minRecords} to ${maxRecords}; ${ITEM_LIST_LIMIT} when absent`),
});
export type ListItemsRequest = z.infer<typeof listItemsRequestSchema>;

/**
 * A query parameter as a whole number: "12" -> 12; absent stays absent; anything else (an empty
 * value, "1.5", "abc", a repeated parameter) becomes NaN, which the schema refuses naming the field.
 */
export const countFromQuery = (value: unknown): number | undefined =>
  value === undefined ? undefined : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;

/** gRPC's list request: the unset (0) limit is the default list. */
export const limitFromMessage = (message: Record<string, unknown>) => ({
  limit: message.limit === 0 || message.limit === undefined || message.limit === null ? undefined : message.limit,
});
