import { z } from "zod";
import { workloadIds } from "../catalog/catalog";
import { specBounds as b } from "./bounds";

const int = (bound: { min: number; max: number }) => z.number().int().min(bound.min).max(bound.max);

/**
 * One workload's own load: open loop at `rate` requests/s per protocol over `connections` in-flight
 * slots, each its own TCP connection (REST) and its own HTTP/2 channel (gRPC): one per user.
 */
export const workloadLoadSchema = z
  .object({ rate: int(b.rate), connections: int(b.connections) })
  .strict()
  .refine((load) => load.connections <= Math.max(1, load.rate) * 60, {
    message: "more connections than 60 s of requests at this rate would ever use",
    path: ["connections"],
  });
export type WorkloadLoad = z.infer<typeof workloadLoadSchema>;

/** Loads of their own, by workload (spec.workloadLoads). */
export const workloadLoadsSchema = z.partialRecord(z.enum(workloadIds as [string, ...string[]]), workloadLoadSchema);
