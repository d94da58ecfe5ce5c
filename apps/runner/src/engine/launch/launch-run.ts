// The launch stage: everything a run starts, in the order each needs the one before, and one
// stop() that ends all of it however the run ends. The network emulator is chosen first (a packet
// link's address is where the services must listen), then the services (or the caller's), the
// Java and Python servers the run asks for, the core pinning (which places those servers with the
// services), the emulator for placements off loopback, and a check that every stack is served.
import { PIN_CORES_BY_DEFAULT, placementName, type Environment, type LaunchedProcess } from "@relix/core";
import { withEmulatorVersion, describeEnvironment, toolVersions } from "../assemble/environment";
import type { EngineContext } from "../engine-context";
import { chooseEmulator } from "../network/emulator-choice";
import { startNetworkEmulator, type NetworkEmulator } from "../network/placement-session";
import type { RunPlan } from "../plan/plan-run";
import { isDefaultStack } from "../plan/stack-table";
import { RunCancelledError, type RunEvent } from "../run-events";
import { canRelaunch, launchProcessesOf, pinnedPidsOf, relaunchServers, type RunServers } from "./relaunch";
import { pinForRun, type RunPinning } from "./run-pinning";
import { startRuntimeServices, type RuntimeServices } from "./runtime-services";
import { ensureServices, type ManagedServices } from "./service-manager";
import { checkStacksServed } from "./stack-availability";

export interface LaunchedRun {
  /** The caller's context, with the packet link's targets when the run has one. */
  context: EngineContext;
  services: ManagedServices;
  runtimes: RuntimeServices;
  pinning: RunPinning;
  emulator: NetworkEmulator | undefined;
  environment: Environment;
  /** When the run began: after the emulator was chosen, before anything was started. */
  createdAt: string;
  /**
   * True when the run started every server process it measures, so each trial can run on a launch
   * of its own (relaunch.ts); false for services it was handed or found running.
   */
  relaunchable: boolean;
  /** The server processes of the launch now running (not the backends). */
  processes(): LaunchedProcess[];
  /** A new launch: every server process stopped and started afresh, pinned as before (throws when not relaunchable). */
  relaunch(options: { signal?: AbortSignal; log: (message: string) => void }): Promise<void>;
  /** Stops all of it, the emulator first and the services last; never throws for one part failing. */
  stop(): Promise<void>;
}

export interface LaunchOptions {
  context: EngineContext;
  /** Services a long-lived caller keeps running across runs: used, never stopped. */
  services?: ManagedServices;
  signal?: AbortSignal;
  onEvent: (event: RunEvent) => void;
}

/** A step's failure, reported as a cancelled run when the run's signal stopped it. */
const cancelledOr = (signal: AbortSignal | undefined) => (error: unknown) => {
  if (signal?.aborted) throw new RunCancelledError();
  throw error;
};

export async function launchRun(plan: RunPlan, options: LaunchOptions): Promise<LaunchedRun> {
  const { spec, stacks } = plan;
  const { signal, onEvent } = options;
  const log = (message: string) => onEvent({ type: "phase", phase: "services", message });
  const choice = await chooseEmulator(spec, options.context, { servicesHandedIn: options.services !== undefined });
  for (const message of choice.swept) onEvent({ type: "warning", message });
  const context = choice.packet?.context ?? options.context;
  const { targets } = context;
  const createdAt = new Date().toISOString();

  log("checking the REST and gRPC services");
  let emulator: NetworkEmulator | undefined = choice.packet?.emulator;
  const services =
    options.services ??
    (await ensureServices(targets, { env: context.env, signal, log }).catch(async (error: unknown) => {
      await emulator?.stop().catch(() => {});
      // ensureServices stops with the signal's AbortError: a cancelled run, like every other phase.
      return cancelledOr(signal)(error);
    }));
  let pinning: RunPinning | undefined;
  let runtimes: RuntimeServices | undefined;
  const stop = async () => {
    // A failed stop must not keep the pinning and the services from being released too.
    await emulator?.stop().catch(() => {});
    await pinning?.release();
    // Before the services: their backends may stop with them, and these servers read those backends.
    await runtimes?.stop().catch(() => {});
    if (!options.services) await services.stop();
  };
  try {
    for (const message of services.warnings) onEvent({ type: "warning", message });
    runtimes = await startRuntimeServices(targets, stacks, {
      services,
      env: context.env,
      ...(signal ? { signal } : {}),
      log,
    }).catch(cancelledOr(signal));
    const servers: RunServers = {
      services,
      runtimes,
      handedIn: options.services !== undefined,
      pinCores: spec.pinCores ?? PIN_CORES_BY_DEFAULT,
      env: context.env,
    };
    pinning = await pinForRun(servers.pinCores, pinnedPidsOf(services, runtimes), context.env);
    if (plan.placements.some((p) => placementName(p) !== "loopback") && !emulator) {
      log("starting the network emulator (Toxiproxy)");
      if (choice.proxyReason)
        onEvent({ type: "warning", message: `Toxiproxy, not packet level: ${choice.proxyReason}` });
      emulator = await startNetworkEmulator(context.env, choice.proxyReason);
    }
    const environment = withEmulatorVersion(
      { ...describeEnvironment(services, await toolVersions(context.generators, context)), cpuLayout: pinning.layout },
      emulator,
    );
    // Before any preflight: a stack the services do not serve refuses the run, naming it (the
    // default two were checked with the services).
    await checkStacksServed(
      targets,
      stacks.filter((stack) => !isDefaultStack(stack)),
      { startedPids: runtimes.startedPids, ...(signal ? { signal } : {}) },
    ).catch(cancelledOr(signal));
    const launches = {
      relaunchable: canRelaunch(servers),
      processes: () => launchProcessesOf(servers),
      relaunch: async (relaunchOptions: { signal?: AbortSignal; log: (message: string) => void }) => {
        // Whatever fails part-way, stop() releases the pinning and stops the processes that run.
        pinning = await relaunchServers(servers, pinning!, relaunchOptions).catch(cancelledOr(relaunchOptions.signal));
      },
    };
    return { context, services, runtimes, pinning, emulator, environment, createdAt, ...launches, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
