import { z } from "zod";

/**
 * The only places the runner ever sends load: the REST and gRPC services on this machine.
 * Configured by env at start-up, never by a run spec, and refused unless loopback.
 */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|\[::1\]|localhost)$/;
const port = z.coerce.number().int().min(1).max(65535);

export const targetsEnvSchema = z.object({
  SERVICES_HOST: z
    .string()
    .default("127.0.0.1")
    .refine((host) => LOOPBACK.test(host), {
      message: "must be a loopback address (127.0.0.1, ::1 or localhost): Relix only loads services on this machine",
    }),
  REST_PORT: port.default(8080),
  GRPC_PORT: port.default(50051),
  GRPC_METRICS_PORT: port.default(9464),
});

export interface ServiceTargets {
  host: string;
  restPort: number;
  grpcPort: number;
  grpcMetricsPort: number;
}

export function loadTargets(env: NodeJS.ProcessEnv = process.env): ServiceTargets {
  const parsed = targetsEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `invalid service targets: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
    );
  }
  const { SERVICES_HOST, REST_PORT, GRPC_PORT, GRPC_METRICS_PORT } = parsed.data;
  return { host: SERVICES_HOST, restPort: REST_PORT, grpcPort: GRPC_PORT, grpcMetricsPort: GRPC_METRICS_PORT };
}

const hostForUrl = (host: string) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);
export const restBaseUrl = (t: ServiceTargets) => `http://${hostForUrl(t.host)}:${t.restPort}`;
export const grpcTarget = (t: ServiceTargets) => `${hostForUrl(t.host)}:${t.grpcPort}`;
export const grpcStatsUrl = (t: ServiceTargets) => `http://${hostForUrl(t.host)}:${t.grpcMetricsPort}`;
