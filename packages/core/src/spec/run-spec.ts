import type { z } from "zod";
import { runFields, runSpecSchemaOf } from "../run-request/run-fields";

export {
  PIN_CORES_BY_DEFAULT,
  clientModes,
  restConnectionPolicies,
  type ClientMode,
  type RestConnectionPolicy,
} from "../run-request/load-fields";
export { workloadLoadSchema, type WorkloadLoad } from "./workload-load-schema";

/**
 * What a run measures. It names workloads from the catalog and knobs within bounds; it can
 * never name a URL, a host or a port: the runner only sends load to the services it was
 * configured with. Each field, with its bounds, default and meaning, is an entry of the run-field
 * table (run-request/run-fields.ts).
 */
export const runSpecSchema = runSpecSchemaOf(runFields);

export type RunSpec = z.infer<typeof runSpecSchema>;
export type RunSpecInput = z.input<typeof runSpecSchema>;
