import type { ServiceEndpoints, ServiceOwner } from "@relix/core/network/service-endpoints";
import { hostPort } from "@relix/core/network/loopback";

/** One service the runner drives, as the new-run page shows it. */
export interface ServiceBinding {
  protocol: "REST" | "gRPC";
  /** `host:port` where the load goes. */
  address: string;
  /** Where the runner reads the service's stats, when that is another port. */
  statsAddress: string | null;
  owner: string;
  /** What the owner means, for a tooltip. */
  ownerMeaning: string;
}

const OWNERS: Record<ServiceOwner, { label: string; meaning: string }> = {
  runner: {
    label: "started by the runner",
    meaning:
      "The runner starts this service for each run and stops what it started; one already answering there is measured only if the operator allows it (RELIX_USE_RUNNING_SERVICES=1, as `pnpm start` sets).",
  },
  external: {
    label: "external",
    meaning:
      "Run by the operator, here or on another host (RELIX_REMOTE_SERVICES=1): the runner never starts or stops it, and its figures include the network in between.",
  },
};

/** The services from GET /healthz, REST first; none from a runner too old to say. */
export function serviceBindings(services: ServiceEndpoints | undefined): ServiceBinding[] {
  if (!services) return [];
  return (
    [
      ["REST", services.rest],
      ["gRPC", services.grpc],
    ] as const
  ).map(([protocol, s]) => ({
    protocol,
    address: hostPort(s.host, s.port),
    statsAddress: s.statsPort === s.port ? null : hostPort(s.host, s.statsPort),
    owner: OWNERS[s.owner].label,
    ownerMeaning: OWNERS[s.owner].meaning,
  }));
}
