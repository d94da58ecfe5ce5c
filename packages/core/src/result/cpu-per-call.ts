import { z } from "zod";

/**
 * CPU time per call at both ends of one side, ms: the load generator's (the caller's stand-in) and
 * the server's, and their sum. At scale the sum is what choosing a protocol costs in machines; a
 * part is null where that end was not measured, and the sum is null with it.
 */
export const cpuPerCallSchema = z.object({
  client: z.number().min(0).nullable(),
  server: z.number().min(0).nullable(),
  total: z.number().min(0).nullable(),
});
export type CpuPerCall = z.infer<typeof cpuPerCallSchema>;

/** From the figures every measure records: the generator's CPU per request and the server's per 1,000. */
export function cpuPerCallOf(
  clientMsPerRequest: number | null | undefined,
  serverMsPer1000: number | null | undefined,
): CpuPerCall {
  const client = clientMsPerRequest ?? null;
  const server = serverMsPer1000 == null ? null : serverMsPer1000 / 1000;
  return { client, server, total: client === null || server === null ? null : client + server };
}
