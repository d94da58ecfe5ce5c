import { z } from "zod";
import { callerCostsOf } from "./caller-cost-facts";
import { callerRuntimeSchema, type CallerCostsFile } from "./caller-costs-schema";

/**
 * What a caller pays, as a run's result carries it: for each workload of the run that
 * `pnpm bench:codecs` measured, each runtime's cost to encode the request and decode the reply
 * as JSON and as protobuf (its callers' default libraries), with its sentence, and when and where
 * it was measured. Copied into the result when the run is made, so a permalink shows the figures
 * of the machine that ran it, not of the machine that renders it.
 */
const encodingCostSchema = z.object({
  codec: z.string().min(1),
  library: z.string().min(1),
  encodeRequestUs: z.number().min(0).nullable(),
  decodeReplyUs: z.number().min(0),
});

const bytesSchema = z.number().int().min(0);

export const callerCostsRecordSchema = z.object({
  /** When `pnpm bench:codecs` measured them, and on what. */
  measuredAt: z.string(),
  machine: z.string(),
  workloads: z.array(
    z.object({
      workload: z.string().min(1),
      requestBytes: z.object({ json: bytesSchema.nullable(), protobuf: bytesSchema.nullable() }),
      replyBytes: z.object({ json: bytesSchema, protobuf: bytesSchema }),
      runtimes: z.array(
        z.object({
          runtime: callerRuntimeSchema,
          version: z.string(),
          json: encodingCostSchema,
          protobuf: encodingCostSchema,
          sentence: z.string(),
        }),
      ),
      skipped: z.array(z.object({ runtime: callerRuntimeSchema, reason: z.string() })),
    }),
  ),
});
export type CallerCostsRecord = z.infer<typeof callerCostsRecordSchema>;

/** The record for these workloads, or null when the file measured none of them. */
export function callerCostsRecordOf(file: CallerCostsFile, workloads: readonly string[]): CallerCostsRecord | null {
  const facts = [...new Set(workloads)].flatMap((workload) => {
    const found = callerCostsOf(file, workload);
    return found && found.runtimes.length > 0 ? [found] : [];
  });
  if (facts.length === 0) return null;
  return {
    measuredAt: file.measuredAt,
    machine: `${file.machine.cpuModel} (${file.machine.cores} cores), ${file.machine.platform}`,
    workloads: facts,
  };
}
