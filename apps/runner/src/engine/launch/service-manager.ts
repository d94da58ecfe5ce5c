import { resolveBackends, type ResolvedBackends } from "@relix/io/backends";
import type { Environment, LaunchedProcess } from "@relix/core";
import type { ServiceEndpoints } from "@relix/core/network/service-endpoints";
import { checkExternalServices, externalBackends, readRelixStats, serviceEndpoints } from "./external-services";
import { waitForFreePorts } from "./port-release";
import { ensureServiceBuilt } from "./service-build";
import { launchedProcessOf, spawnService, type ServiceProcess } from "./service-processes";
import { optionalStackIds, stackPortVariable } from "@relix/core/stacks/port-variables";
import { DEFAULT_PAIR, stackRecord, stacksOfProcess, stacksOfRuntime, type StackId } from "@relix/core/stacks/stacks";
import {
  grpcHostOf,
  grpcStatsUrl,
  grpcTarget,
  restBaseUrl,
  restHostOf,
  USE_RUNNING_SERVICES_OPT_IN,
  type ExtraStackId,
  type ServiceTargets,
} from "./targets";
import { answers } from "./answers";

export interface ManagedServices {
  /** True when this runner started the services (and will stop them). */
  started: boolean;
  backends: Environment["backends"];
  versions: { redis: string | null; mysql: string | null };
  warnings: string[];
  /** The processes this runner started (both APIs, ephemeral Redis/MariaDB); none when it started nothing. */
  pids?: number[];
  /** Where the services are and whose they are (the result's environment.services); absent when a test hands them in. */
  endpoints?: ServiceEndpoints;
  /**
   * The Redis and MySQL the started services use, for the servers of other runtimes a run starts
   * beside them (runtime-services.ts); absent when this runner started nothing or the backends are embedded.
   */
  backendUrls?: { redis: string; mysql: string };
  /** The two API processes now running (not the backends); absent when this runner started nothing. */
  processes?: () => LaunchedProcess[];
  /**
   * Stops the two API processes and starts them afresh, on the same ports over the same backends,
   * and waits until they are ready: a new launch (relaunch.ts). Absent when this runner did not
   * start them: someone else's services are not its to restart.
   */
  restart?: (options: { signal?: AbortSignal; log?: (message: string) => void }) => Promise<void>;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 90_000;

const nodeStacks = stacksOfRuntime("node");
const grpcProcessStacks = stacksOfProcess(stackRecord(DEFAULT_PAIR.grpc).process);

/** What resolveBackends would say on a machine with neither server: the embedded fallback, asked for. */
const NO_BACKENDS: ResolvedBackends = {
  redisUrl: null,
  mysqlUrl: null,
  kind: { redis: null, mysql: null },
  versions: { redis: null, mysql: null },
  unavailable: { redis: "RELIX_BACKENDS=embedded", mysql: null },
  stop: async () => {},
};

async function waitUntilReady(targets: ServiceTargets, processes: ServiceProcess[], signal?: AbortSignal) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    for (const p of processes) {
      if (p.child.exitCode !== null) throw new Error(`the ${p.name} service exited during start-up:\n${p.output()}`);
    }
    const [rest, grpc] = await Promise.all([
      answers(`${restBaseUrl(targets)}/readyz`),
      answers(`${grpcStatsUrl(targets)}/healthz`),
    ]);
    if (rest && grpc) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `the services were not ready within ${READY_TIMEOUT_MS / 1000} s:\n${processes.map((p) => `[${p.name}] ${p.output()}`).join("\n")}`,
  );
}

/**
 * Starts both services (their built bundles, see service-build.ts), or uses the operator's: those
 * with RELIX_REMOTE_SERVICES=1, or those already listening at the configured addresses with
 * RELIX_USE_RUNNING_SERVICES=1. Without that opt-in, services already answering are refused:
 * the left-overs of a killed runner answer /healthz like any other (the runner's start-up sweep
 * stops the ones it can prove it started). Services it did not start it never stops. It starts them over
 * REDIS_URL / MYSQL_URL when set, else over ephemeral local redis-server and mariadbd, else
 * (loudly labelled) over embedded in-process backends.
 */
export async function ensureServices(
  targets: ServiceTargets,
  {
    env,
    signal,
    log = () => {},
  }: {
    /**
     * The caller's environment, read once at its start-up: REDIS_URL / MYSQL_URL / RELIX_BACKENDS
     * choose the backends, and the services started inherit the rest (PATH, HOME...).
     */
    env: Readonly<Record<string, string | undefined>>;
    signal?: AbortSignal;
    log?: (message: string) => void;
  },
): Promise<ManagedServices> {
  signal?.throwIfAborted();
  const answering = await servicesAnswering(targets, log);
  if (answering) return answering;

  // Before the backends: a build that fails leaves nothing to stop.
  const onBuild = (bundle: string) => log(`building ${bundle} (missing, or older than its sources)`);
  const [restBundle, grpcBundle] = await Promise.all([
    ensureServiceBuilt("rest", { env, onBuild }),
    ensureServiceBuilt("grpc", { env, onBuild }),
  ]);
  signal?.throwIfAborted();

  log("starting backends");
  const backends = await startBackends(env);
  const apis: ApiStart = {
    targets,
    bundles: { rest: restBundle, grpc: grpcBundle },
    env: { ...env, ...serviceEnvOf(targets, backends) },
    processes: [],
  };
  const stop = async () => {
    await Promise.all(apis.processes.map((p) => p.stop()));
    await backends.resolved.stop();
  };
  try {
    await startApiProcesses(apis, { log, signal });
  } catch (error) {
    await stop();
    throw error;
  }
  return startedServices(apis, backends, stop);
}

/** What starting the two API processes needs, again for every launch, and the processes now running. */
interface ApiStart {
  targets: ServiceTargets;
  bundles: { rest: string; grpc: string };
  /** The caller's environment with the services' settings. */
  env: Readonly<Record<string, string | undefined>>;
  /** Kept in place from launch to launch: the services' stop() stops whichever are running. */
  processes: ServiceProcess[];
}

/** Starts the REST and gRPC processes on their ports and waits until both are ready. */
async function startApiProcesses(
  { targets, bundles, env, processes }: ApiStart,
  { log, signal }: { log: (message: string) => void; signal: AbortSignal | undefined },
): Promise<void> {
  // Every port the two processes will listen on: one a connection of this machine holds is waited
  // out here, and the same lists name the processes for the leftover sweep.
  const ports = servicePorts(targets);
  await waitForFreePorts({ host: restHostOf(targets), ports: ports.rest, log, signal });
  await waitForFreePorts({ host: grpcHostOf(targets), ports: ports.grpc, log, signal });
  log("starting the REST and gRPC services");
  processes.push(
    spawnService("rest", bundles.rest, { ...env, HOST: restHostOf(targets) }, ports.rest),
    spawnService("grpc", bundles.grpc, { ...env, HOST: grpcHostOf(targets) }, ports.grpc),
  );
  await waitUntilReady(targets, processes, signal);
}

/** The API processes of a launch stopped (the backends stay: they are the data every launch reads) and started again. */
async function restartApiProcesses(
  apis: ApiStart,
  { log = () => {}, signal }: { log?: (message: string) => void; signal?: AbortSignal | undefined },
): Promise<void> {
  const stopping = apis.processes.splice(0);
  await Promise.all(stopping.map((p) => p.stop()));
  // The first launch seeded the database (or found it seeded); checking again would put a
  // dataset's version hash into every later launch's start-up time.
  await startApiProcesses({ ...apis, env: { ...apis.env, SEED_ON_START: "false" } }, { log, signal });
}

/**
 * The services already answering at the targets, when they are the ones to measure: the operator's
 * (RELIX_REMOTE_SERVICES=1), or both running there with the opt-in. Null when neither answers, so
 * this runner starts its own; refused when they answer without the opt-in, or only one does.
 */
async function servicesAnswering(
  targets: ServiceTargets,
  log: (message: string) => void,
): Promise<ManagedServices | null> {
  if (targets.external) {
    const backends = await checkExternalServices(targets);
    log(`using the operator's services at ${restBaseUrl(targets)} and ${grpcTarget(targets)}`);
    return external(backends, targets);
  }
  const [restUp, grpcUp] = await Promise.all([
    answers(`${restBaseUrl(targets)}/healthz`),
    answers(`${grpcStatsUrl(targets)}/healthz`),
  ]);
  if (restUp && grpcUp) {
    if (!targets.useRunning) throw new Error(alreadyRunningRefusal(targets));
    const stats = await readRelixStats(`${restBaseUrl(targets)}/stats`);
    if (!stats) {
      throw new Error(
        `something answers on ${restBaseUrl(targets)} but it is not a Relix REST API (no /stats): stop it, or set REST_PORT to a free port`,
      );
    }
    log(`using the services already running at ${restBaseUrl(targets)} and ${grpcTarget(targets)}`);
    return external(externalBackends(stats.backends), targets);
  }
  if (restUp !== grpcUp) {
    const [up, down] = restUp
      ? [`REST on port ${targets.restPort}`, `gRPC on port ${targets.grpcPort}`]
      : [`gRPC on port ${targets.grpcPort}`, `REST on port ${targets.restPort}`];
    throw new Error(
      `${up} is running but ${down} is not: start both services, or stop the one that runs so Relix can start both`,
    );
  }
  return null;
}

/** The backends the started services run over, and the warning embedded ones carry. */
interface StartedBackends {
  resolved: ResolvedBackends;
  /** No Redis and/or MySQL could be used or started: the services run on in-process stand-ins. */
  embedded: boolean;
  warnings: string[];
}

async function startBackends(env: Readonly<Record<string, string | undefined>>): Promise<StartedBackends> {
  // RELIX_BACKENDS=embedded asks for the fallback on purpose (a demo with nothing installed).
  const forceEmbedded = env.RELIX_BACKENDS === "embedded";
  const resolved = forceEmbedded
    ? NO_BACKENDS
    : await resolveBackends({ redisUrl: env.REDIS_URL, mysqlUrl: env.MYSQL_URL });
  const embedded = resolved.redisUrl === null || resolved.mysqlUrl === null;
  const warnings: string[] = [];
  if (embedded) {
    warnings.push(
      "EMBEDDED BACKENDS: no Redis and/or MySQL could be used or started here " +
        `(${[resolved.unavailable.redis, resolved.unavailable.mysql].filter(Boolean).join("; ")}). ` +
        "The APIs ran on an in-process cache and an in-memory store: these figures are NOT a Redis + MySQL benchmark.",
    );
  }
  return { resolved, embedded, warnings };
}

/** The variables both services are started with: their ports, their stacks' ports, their backends. */
function serviceEnvOf(targets: ServiceTargets, { resolved, embedded }: StartedBackends): Record<string, string> {
  return {
    REST_PORT: String(targets.restPort),
    GRPC_PORT: String(targets.grpcPort),
    GRPC_METRICS_PORT: String(targets.grpcMetricsPort),
    RELIX_BACKENDS: embedded ? "embedded" : "real",
    // Every Node stack the targets give a port is served (extra listeners of the same two processes,
    // cheap when idle); one without a port stays off, so it holds no port it was not given. The
    // other runtimes' stacks are their own processes, started per run (runtime-services.ts).
    ...Object.fromEntries(
      optionalStackIds
        .filter((stack) => nodeStacks.includes(stack))
        .map((stack) => [
          stackPortVariable(stack).variable,
          String(targets.stackPorts?.[stack as ExtraStackId] ?? "off"),
        ]),
    ),
    ...(embedded ? {} : { REDIS_URL: resolved.redisUrl!, MYSQL_URL: resolved.mysqlUrl! }),
  };
}

/** Services this runner started and will stop: their processes, their backends and where those came from. */
function startedServices(
  apis: ApiStart,
  { resolved, embedded, warnings }: StartedBackends,
  stop: () => Promise<void>,
): ManagedServices {
  const { targets, processes } = apis;
  const origin = embedded
    ? "embedded"
    : resolved.kind.redis === "ephemeral" || resolved.kind.mysql === "ephemeral"
      ? "ephemeral"
      : "external";
  return {
    started: true,
    backends: { store: embedded ? "embedded" : "mysql", cache: embedded ? "embedded" : "redis", origin },
    versions: { redis: embedded ? null : resolved.versions.redis, mysql: embedded ? null : resolved.versions.mysql },
    warnings,
    // Read when pinning: the processes of the launch now running, after a restart the new ones.
    get pids() {
      return [...processes.map((p) => p.child.pid), ...(resolved.pids ?? [])].filter(
        (pid): pid is number => pid !== undefined,
      );
    },
    endpoints: serviceEndpoints(targets, "runner"),
    ...(embedded ? {} : { backendUrls: { redis: resolved.redisUrl!, mysql: resolved.mysqlUrl! } }),
    processes: () => processes.flatMap((p) => launchedProcessOf(p.name === "rest" ? "node-rest" : "node-grpc", p)),
    restart: (options) => restartApiProcesses(apis, options),
    stop,
  };
}

/** The ports the REST and the gRPC process listen on: their own, and those of the Node stacks each serves. */
function servicePorts(targets: ServiceTargets): { rest: number[]; grpc: number[] } {
  const extra = Object.entries(targets.stackPorts ?? {}).filter(([stack]) => nodeStacks.includes(stack as StackId));
  const portsOf = (inGrpc: boolean) =>
    extra.filter(([stack]) => grpcProcessStacks.includes(stack as StackId) === inGrpc).map(([, port]) => port);
  return {
    rest: [targets.restPort, ...portsOf(false)],
    grpc: [targets.grpcPort, targets.grpcMetricsPort, ...portsOf(true)],
  };
}

function alreadyRunningRefusal(targets: ServiceTargets): string {
  return (
    `services already answer at ${restBaseUrl(targets)} (REST) and ${grpcStatsUrl(targets)} (gRPC metrics) but this runner did not start them: ` +
    "they may be left over from a runner or `pnpm bench` that was killed, or be someone else's, so nothing was started or measured. " +
    "Stop them (`ss -ltnp` names the process on each port), or, to measure the services running there as they are, " +
    `set ${USE_RUNNING_SERVICES_OPT_IN} when starting the runner or \`pnpm bench\``
  );
}

/** Services someone else runs: nothing to stop, their backends as they report them. */
function external(backends: Environment["backends"], targets: ServiceTargets): ManagedServices {
  return {
    started: false,
    backends,
    versions: { redis: null, mysql: null },
    warnings: [],
    endpoints: serviceEndpoints(targets, "external"),
    stop: async () => {},
  };
}
