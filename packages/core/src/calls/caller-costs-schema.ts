import { z } from "zod";

/**
 * data/caller-costs.json, written by `pnpm bench:codecs`: what a caller in each runtime pays, per
 * call of a workload, to encode the request and decode the reply in each encoding, measured on one
 * machine from the bytes the servers send. The server and the wire are the benchmark's part of a
 * call; this is the caller's.
 */
export const CALLER_COSTS_SCHEMA = "relix.caller-costs/v1";

export const callerRuntimes = ["node", "go", "python"] as const;
export const callerRuntimeSchema = z.enum(callerRuntimes);
export type CallerRuntime = z.infer<typeof callerRuntimeSchema>;

export const wireEncodings = ["json", "protobuf"] as const;
export const wireEncodingSchema = z.enum(wireEncodings);
export type WireEncoding = z.infer<typeof wireEncodingSchema>;

const bytesSchema = z.number().int().nonnegative();

/** One operation's CPU time per call over the measured rounds (each round: many calls, the process's CPU time / calls). */
export const callTimingSchema = z.object({
  medianUs: z.number().nonnegative(),
  minUs: z.number().nonnegative(),
  maxUs: z.number().nonnegative(),
  rounds: z.number().int().positive(),
});
export type CallTiming = z.infer<typeof callTimingSchema>;

/** A library a runtime encodes one encoding with; `primary` is the one that runtime's callers use by default. */
export const callerCodecSchema = z.object({
  id: z.string().min(1),
  encoding: wireEncodingSchema,
  library: z.string().min(1),
  primary: z.boolean(),
});
export type CallerCodec = z.infer<typeof callerCodecSchema>;

export const callerRuntimeRecordSchema = z.discriminatedUnion("status", [
  z.object({
    runtime: callerRuntimeSchema,
    status: z.literal("measured"),
    version: z.string().min(1),
    codecs: z.array(callerCodecSchema).min(1),
  }),
  /** A runtime that could not run here (no Go, no Python environment): the reason is the record. */
  z.object({ runtime: callerRuntimeSchema, status: z.literal("skipped"), reason: z.string().min(1) }),
]);
export type CallerRuntimeRecord = z.infer<typeof callerRuntimeRecordSchema>;

export const callerMeasurementSchema = z.object({
  runtime: callerRuntimeSchema,
  /** A codec id of that runtime's record. */
  codec: z.string().min(1),
  /** null: the request has no body in this encoding (a GET, a raw upload's REST body). */
  encodeRequest: callTimingSchema.nullable(),
  decodeReply: callTimingSchema,
  /** The request as this runtime encodes it (JSON libraries differ in spacing and escapes); null with no body. */
  encodedRequestBytes: bytesSchema.nullable(),
});
export type CallerMeasurement = z.infer<typeof callerMeasurementSchema>;

export const callerWorkloadCostsSchema = z.object({
  workload: z.string().min(1),
  /**
   * Body bytes a caller sends: JSON as the REST API reads it, the gRPC request message. null: nothing
   * to encode in that encoding (a GET's REST call; a raw REST body such as an upload, sent as it is;
   * an empty gRPC message).
   */
  requestBytes: z.object({ json: bytesSchema.nullable(), protobuf: bytesSchema.nullable() }),
  /** Body bytes of the reply: JSON as the REST API sends it, the gRPC reply message. */
  replyBytes: z.object({ json: bytesSchema, protobuf: bytesSchema }),
  measurements: z.array(callerMeasurementSchema),
});
export type CallerWorkloadCosts = z.infer<typeof callerWorkloadCostsSchema>;

export const callerCostsFileSchema = z.object({
  schema: z.literal(CALLER_COSTS_SCHEMA),
  measuredAt: z.iso.datetime(),
  machine: z.object({
    cpuModel: z.string().min(1),
    cores: z.number().int().positive(),
    platform: z.string().min(1),
  }),
  method: z.object({
    rounds: z.number().int().positive(),
    warmupRounds: z.number().int().nonnegative(),
    roundMs: z.number().positive(),
    /** How rounds were ordered and what one encode and one decode include, in words. */
    description: z.string().min(1),
  }),
  runtimes: z.array(callerRuntimeRecordSchema),
  workloads: z.array(callerWorkloadCostsSchema),
});
export type CallerCostsFile = z.infer<typeof callerCostsFileSchema>;
