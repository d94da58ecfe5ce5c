import os from "node:os";
import type { Environment } from "@relix/core";
import { runnableGenerators, type GeneratorRegistry } from "../measure/generators/registry";
import type { ToolContext } from "../measure/load-generator";
import type { ManagedServices } from "../launch/service-manager";

/** Each load generator's version (the client for both among them), under its tool name. */
export async function toolVersions(
  generators: GeneratorRegistry,
  context: ToolContext,
): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    runnableGenerators(generators).map(async (g) => [g.tool, await g.version(context).catch(() => null)] as const),
  );
  return Object.fromEntries(entries);
}

/** The machine and versions behind a result: part of every result, so numbers are never orphaned. */
export function describeEnvironment(services: ManagedServices, tools: Record<string, string | null>): Environment {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: Math.max(1, cpus.length),
    totalMemoryBytes: os.totalmem(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    // The two tools every result has named so far stay in their place even when not registered.
    versions: { autocannon: null, ghz: null, ...tools, redis: services.versions.redis, mysql: services.versions.mysql },
    backends: services.backends,
    ...(services.endpoints ? { services: services.endpoints } : {}),
  };
}

/** The network emulator's version beside the tools' (environment.versions.toxiproxy), when one was used. */
export function withEmulatorVersion(
  environment: Environment,
  emulator: { name: string; version: string } | undefined,
): Environment {
  if (!emulator) return environment;
  return { ...environment, versions: { ...environment.versions, [emulator.name]: emulator.version } };
}
