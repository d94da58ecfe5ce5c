import { z } from "zod";
import { DEFAULT_PORTS } from "@relix/core/network/default-ports";
import { LOOPBACK_HOSTS_TEXT, hostPort, loopbackAddress } from "@relix/core/network/loopback";

/**
 * The only places the runner ever sends load: the REST and gRPC services on this machine.
 * Configured by env at start-up (the runner's config reads it), never by a run spec, and refused
 * unless loopback. `host` is the literal address (`localhost` is 127.0.0.1): the services the runner
 * starts bind it and the load generators connect to it, so both mean the same socket.
 */
export interface ServiceTargets {
  host: string;
  restPort: number;
  grpcPort: number;
  grpcMetricsPort: number;
}

const port = z.coerce.number().int().min(1).max(65535);

export const targetsEnvSchema = z.object({
  SERVICES_HOST: z
    .string()
    .default("127.0.0.1")
    .transform((host, ctx) => {
      const address = loopbackAddress(host);
      if (address !== null) return address;
      ctx.addIssue({
        code: "custom",
        message: `${JSON.stringify(host)} is not ${LOOPBACK_HOSTS_TEXT}: Relix only loads services on this machine`,
      });
      return z.NEVER;
    }),
  REST_PORT: port.default(DEFAULT_PORTS.rest),
  GRPC_PORT: port.default(DEFAULT_PORTS.grpc),
  GRPC_METRICS_PORT: port.default(DEFAULT_PORTS.grpcMetrics),
});

export function targetsFromEnv(env: z.infer<typeof targetsEnvSchema>): ServiceTargets {
  return {
    host: env.SERVICES_HOST,
    restPort: env.REST_PORT,
    grpcPort: env.GRPC_PORT,
    grpcMetricsPort: env.GRPC_METRICS_PORT,
  };
}

export const restBaseUrl = (t: ServiceTargets) => `http://${hostPort(t.host, t.restPort)}`;
export const grpcTarget = (t: ServiceTargets) => hostPort(t.host, t.grpcPort);
export const grpcStatsUrl = (t: ServiceTargets) => `http://${hostPort(t.host, t.grpcMetricsPort)}`;
