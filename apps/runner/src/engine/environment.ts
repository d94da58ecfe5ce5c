import os from "node:os";
import type { Environment } from "@relix/core";
import type { ManagedServices } from "./service-manager";

/** The machine and versions behind a result: part of every result, so numbers are never orphaned. */
export function describeEnvironment(
  services: ManagedServices,
  tools: { autocannon: string | null; ghz: string | null },
): Environment {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: Math.max(1, cpus.length),
    totalMemoryBytes: os.totalmem(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    versions: { ...tools, redis: services.versions.redis, mysql: services.versions.mysql },
    backends: services.backends,
  };
}
