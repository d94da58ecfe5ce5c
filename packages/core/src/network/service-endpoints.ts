import { z } from "zod";

/**
 * Where the REST and gRPC services a runner drives are, and whose they are. Recorded in a result
 * (environment.services) and told to the web by the runner (GET /healthz), so a figure measured
 * against another host never passes for a loopback one.
 */

const portSchema = z.number().int().min(1).max(65535);

/**
 * "runner": the runner starts the service for a run and stops it after (in GET /healthz: it will,
 * unless one already answers there when a run starts). "external": someone else runs it, on another
 * host or on this one; the runner never starts or stops it.
 */
export const serviceOwnerSchema = z.enum(["runner", "external"]);
export type ServiceOwner = z.infer<typeof serviceOwnerSchema>;

export const serviceEndpointSchema = z.object({
  /** The literal address connected to (an IPv6 address without brackets) or the host name the operator gave. */
  host: z.string().min(1),
  /** Where the load goes. */
  port: portSchema,
  /** Where its stats are read (REST serves them on `port`; gRPC on its metrics port). */
  statsPort: portSchema,
  owner: serviceOwnerSchema,
});
export type ServiceEndpoint = z.infer<typeof serviceEndpointSchema>;

export const serviceEndpointsSchema = z.object({
  rest: serviceEndpointSchema,
  grpc: serviceEndpointSchema,
  /**
   * The other stacks' ports (REST stacks on the REST host, gRPC ones on the
   * gRPC host), by stack; absent in results written before stacks.
   */
  stackPorts: z.record(z.string(), portSchema).optional(),
});
export type ServiceEndpoints = z.infer<typeof serviceEndpointsSchema>;
