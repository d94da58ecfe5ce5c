// A new launch of the run's servers, so that each trial runs on one of its own: a process launch
// carries its own JIT state, heap layout and core placement, the level where Kalibera and Jones
// find a benchmark's variance, which trials sharing one launch never sample. Every server process
// the run started (the Node REST and gRPC processes, the Java and Python servers) is stopped and
// started again on the same ports, then placed on the same cores as the first launch. Redis and
// MariaDB stay up: they are the data every launch reads, not the code under test.
import type { LaunchedProcess } from "@relix/core";
import { pinForRun, type RunPinning } from "./run-pinning";
import type { RuntimeServices } from "./runtime-services";
import type { ManagedServices } from "./service-manager";

/** The run's server processes and how the first launch placed them. */
export interface RunServers {
  services: ManagedServices;
  runtimes: RuntimeServices;
  /** The services were handed in by the caller (kept across runs): never the run's to restart. */
  handedIn: boolean;
  /** Whether the run pins cores (its spec's pinCores, or the default). */
  pinCores: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/** The processes pinning places: the services' (the APIs and any backends the runner started) and the other runtimes'. */
export function pinnedPidsOf(services: ManagedServices, runtimes: RuntimeServices): Pick<ManagedServices, "pids"> {
  const runtimePids = Object.values(runtimes.startedPids);
  return runtimePids.length > 0 ? { pids: [...(services.pids ?? []), ...runtimePids] } : services;
}

/** True when the run started every server process it measures, so it can start each afresh. */
export function canRelaunch({ services, runtimes, handedIn }: RunServers): boolean {
  return !handedIn && services.restart !== undefined && runtimes.restart !== undefined;
}

/** The server processes of the launch now running: the Node APIs', then the other runtimes'. */
export function launchProcessesOf({ services, runtimes }: RunServers): LaunchedProcess[] {
  return [...(services.processes?.() ?? []), ...runtimes.processes()];
}

/**
 * Stops every server process of the run and starts it again, in the first launch's order (the
 * Node services, then the other runtimes, which start beside them), each waited ready; then pins
 * them as the first launch was. The pinning is released first so the new processes start from
 * the runner's own cores as the first ones did (a child inherits its parent's affinity, and the
 * runner sits on the generator's cores while it measures). Returns the new pinning.
 */
export async function relaunchServers(
  servers: RunServers,
  pinning: RunPinning,
  options: { signal?: AbortSignal; log: (message: string) => void },
): Promise<RunPinning> {
  if (!canRelaunch(servers)) throw new Error("the run did not start its services: they cannot be restarted");
  const { services, runtimes } = servers;
  await pinning.release();
  await services.restart!(options);
  await runtimes.restart!(options);
  return pinForRun(servers.pinCores, pinnedPidsOf(services, runtimes), servers.env);
}
