import { isIPv6 } from "node:net";
import { z } from "zod";
import { LOOPBACK_HOSTS_TEXT, hostPort, loopbackAddress } from "@relix/core/network/loopback";
import { optionalStackIds, sidePortVariables, stackPortVariable } from "@relix/core/stacks/port-variables";
import { sidePortOf, type ServiceProcessId } from "@relix/core/stacks/service-processes";
import { DEFAULT_PAIR, stackRecord, type StackId } from "@relix/core/stacks/stacks";

/** The stacks beyond the default pair: each on its own port, which may be "off" (not served). */
export type ExtraStackId = Exclude<StackId, (typeof DEFAULT_PAIR)[keyof typeof DEFAULT_PAIR]>;

/**
 * Where the runner sends load: the REST and gRPC services. Configured by the operator's env at
 * start-up (the runner's config reads it), never by a run spec or the web. Loopback unless the
 * operator opts in with RELIX_REMOTE_SERVICES=1: then the services may be on another host, and the
 * runner treats them as someone else's (it never starts or stops them). `host` is the literal address
 * (`localhost` is 127.0.0.1): the services the runner starts bind it and the load generators connect
 * to it, so both mean the same socket.
 */
export interface ServiceTargets {
  /** SERVICES_HOST: both services, unless one of the two hosts below is set. */
  host: string;
  /** REST_HOST when it differs from `host`. */
  restHost?: string;
  /** GRPC_HOST when it differs from `host` (the gRPC metrics port is on the same host). */
  grpcHost?: string;
  restPort: number;
  grpcPort: number;
  grpcMetricsPort: number;
  /**
   * Where the other stacks listen (a REST stack on the REST host, a gRPC one on the gRPC host); a
   * stack without a port is not served there, and a run that asks for it is refused.
   */
  stackPorts?: Partial<Record<ExtraStackId, number>>;
  /**
   * The side ports (/stats, /metrics) of gRPC processes other than the default gRPC API's, whose
   * side port is `grpcMetricsPort`.
   */
  sidePorts?: Partial<Record<ServiceProcessId, number>>;
  /**
   * RELIX_REMOTE_SERVICES=1: the services are run by the operator (on another host, or on this one
   * before the runner starts); the runner never starts or stops them, and fails if they do not answer.
   */
  external?: boolean;
  /**
   * RELIX_USE_RUNNING_SERVICES=1: services that already answer at these addresses when a run starts
   * are measured as they are (the operator's own, or `pnpm start`'s). Without it the runner refuses
   * them: it cannot tell them from the left-overs of a runner that was killed.
   */
  useRunning?: boolean;
  /**
   * A packet link the run set up (host-link.ts): the services listen on its server address (the
   * `host` above), which the drivers then accept besides loopback, and `clientExec` goes before
   * every load generator's argv: the link's `ip netns exec <namespace>` so their packets cross it,
   * or empty for the run's direct windows, so that autocannon, which otherwise runs inside the
   * runner, runs as a process of its own there too and both sides of a comparison are driven
   * alike. Never from env.
   */
  packetLink?: { serverAddress: string; clientExec?: readonly string[] };
}

/** The variable that lets a run measure services already running on this machine. */
export const USE_RUNNING_SERVICES_OPT_IN = "RELIX_USE_RUNNING_SERVICES=1";

/** The variable that allows a host other than loopback, as every refusal names it. */
export const REMOTE_SERVICES_OPT_IN = "RELIX_REMOTE_SERVICES=1";

const REMOTE_MEANING =
  `, unless the operator sets ${REMOTE_SERVICES_OPT_IN} to drive services run on another host ` +
  "(the runner then never starts or stops them, and every figure includes that network)";

const port = z.coerce.number().int().min(1).max(65535);
/** A stack's port, or "off": the services do not serve that stack. */
const stackPort = z.union([z.literal("off"), port]);
const optionalHost = z.preprocess((value) => (value === "" ? undefined : value), z.string().optional());

const optIn = z.preprocess(
  (value) => (value === undefined || value === "" ? "0" : value),
  z.enum(["0", "1", "false", "true"], `must be 1 (services on another host, never started by the runner) or 0`),
);

const useRunningOptIn = z.preprocess(
  (value) => (value === undefined || value === "" ? "0" : value),
  z.enum(["0", "1", "false", "true"], "must be 1 (measure services already running here, as they are) or 0"),
);

/** The port variables of the default pair and of its gRPC process's side port. */
const DEFAULT_PAIR_PORTS = {
  REST_PORT: stackPortVariable(DEFAULT_PAIR.rest),
  GRPC_PORT: stackPortVariable(DEFAULT_PAIR.grpc),
  GRPC_METRICS_PORT: sidePortOf(stackRecord(DEFAULT_PAIR.grpc).process)!,
};

/** Every other stack's port variable, and every other side port's, read off the stack records. */
const optionalPortShape = Object.fromEntries([
  ...optionalStackIds.map((stack) => [
    stackPortVariable(stack).variable,
    stackPort.default(stackPortVariable(stack).default),
  ]),
  ...sidePortVariables
    .filter((side) => side.variable !== DEFAULT_PAIR_PORTS.GRPC_METRICS_PORT.variable)
    .map((side) => [side.variable, port.default(side.default)]),
]) as Record<string, typeof stackPort | typeof port>;

export const targetsEnvShape = {
  SERVICES_HOST: z.preprocess((value) => (value === "" ? undefined : value), z.string().default("127.0.0.1")),
  REST_HOST: optionalHost,
  GRPC_HOST: optionalHost,
  REST_PORT: port.default(DEFAULT_PAIR_PORTS.REST_PORT.default),
  GRPC_PORT: port.default(DEFAULT_PAIR_PORTS.GRPC_PORT.default),
  GRPC_METRICS_PORT: port.default(DEFAULT_PAIR_PORTS.GRPC_METRICS_PORT.default),
  ...optionalPortShape,
  RELIX_REMOTE_SERVICES: optIn.transform((value) => value === "1" || value === "true"),
  RELIX_USE_RUNNING_SERVICES: useRunningOptIn.transform((value) => value === "1" || value === "true"),
};

type TargetsEnv = z.output<z.ZodObject<typeof targetsEnvShape>>;

// Four decimal octets without leading zeros: other spellings (127.1, 0x7f000001) are read as
// addresses by URL parsers and resolvers, so a host nobody wrote would get the load.
const OCTET = "(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4 = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);
const LABEL = "[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(\\.${LABEL})*$`, "i");

/**
 * A host on another machine as the operator wrote it: a full IPv4 address, an IPv6 address (the
 * brackets go) or a DNS name whose last label is not all digits (which would read as an address).
 * The unspecified addresses are refused: they name no host to connect to.
 */
export function remoteAddress(host: string): string | null {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare === "0.0.0.0" || bare === "::") return null;
  if (IPV4.test(bare)) return bare;
  if (isIPv6(bare)) return bare;
  if (host !== bare) return null;
  return HOST_NAME.test(host) && /[a-z-]/i.test(host.slice(host.lastIndexOf(".") + 1)) ? host : null;
}

/** The address to use for `host`, or why it may not be used. */
function checkHost(host: string, remoteAllowed: boolean): { address: string } | { problem: string } {
  const loopback = loopbackAddress(host);
  if (loopback !== null) return { address: loopback };
  const written = JSON.stringify(host);
  if (!remoteAllowed) {
    return {
      problem: `${written} is not ${LOOPBACK_HOSTS_TEXT}: Relix only loads services on this machine${REMOTE_MEANING}`,
    };
  }
  const remote = remoteAddress(host);
  if (remote !== null) return { address: remote };
  return {
    problem: `${written} is not a host to connect to: write a loopback address, a full IP address (e.g. 10.0.0.5) or a host name (e.g. services.internal)`,
  };
}

const HOST_VARIABLES = ["SERVICES_HOST", "REST_HOST", "GRPC_HOST"] as const;

/**
 * Adds the host checks to a schema holding targetsEnvShape (they need RELIX_REMOTE_SERVICES, so they
 * sit on the object); they run even when another variable is wrong, so every problem is listed at once.
 */
export function withTargetChecks<S extends z.ZodObject<typeof targetsEnvShape & z.ZodRawShape>>(schema: S): S {
  return HOST_VARIABLES.reduce(
    (checked, variable) =>
      checked.refine(
        (env) => {
          const host = (env as Partial<TargetsEnv>)[variable];
          return typeof host !== "string" || "address" in checkHost(host, remoteAllowedIn(env));
        },
        {
          path: [variable],
          when: () => true,
          error: (issue) => {
            const env = issue.input as Partial<TargetsEnv>;
            const result = checkHost(String(env[variable]), remoteAllowedIn(env));
            return "problem" in result ? result.problem : "invalid host";
          },
        },
      ),
    schema,
  );
}

// Read from the partly parsed env: when RELIX_REMOTE_SERVICES itself is wrong, it is not an opt-in.
const remoteAllowedIn = (env: unknown) => (env as Partial<TargetsEnv>).RELIX_REMOTE_SERVICES === true;

export const targetsEnvSchema = withTargetChecks(z.object(targetsEnvShape));

/** The targets from an env the schema accepted. */
export function targetsFromEnv(env: TargetsEnv): ServiceTargets {
  const address = (host: string) => {
    const result = checkHost(host, env.RELIX_REMOTE_SERVICES);
    if ("problem" in result) throw new Error(result.problem);
    return result.address;
  };
  const host = address(env.SERVICES_HOST);
  const restHost = env.REST_HOST === undefined ? host : address(env.REST_HOST);
  const grpcHost = env.GRPC_HOST === undefined ? host : address(env.GRPC_HOST);
  const ports = env as unknown as Record<string, number | "off">;
  const stackPorts = Object.fromEntries(
    optionalStackIds.flatMap((stack) => {
      const value = ports[stackPortVariable(stack).variable];
      return value === undefined || value === "off" ? [] : [[stack, value]];
    }),
  ) as Partial<Record<ExtraStackId, number>>;
  const sidePorts = Object.fromEntries(
    sidePortVariables
      .filter((side) => side.variable !== DEFAULT_PAIR_PORTS.GRPC_METRICS_PORT.variable)
      .flatMap((side) => (typeof ports[side.variable] === "number" ? [[side.process, ports[side.variable]]] : [])),
  ) as Partial<Record<ServiceProcessId, number>>;
  return {
    host,
    ...(restHost !== host ? { restHost } : {}),
    ...(grpcHost !== host ? { grpcHost } : {}),
    restPort: env.REST_PORT,
    grpcPort: env.GRPC_PORT,
    grpcMetricsPort: env.GRPC_METRICS_PORT,
    stackPorts,
    ...(Object.keys(sidePorts).length > 0 ? { sidePorts } : {}),
    ...(env.RELIX_REMOTE_SERVICES ? { external: true } : {}),
    ...(env.RELIX_USE_RUNNING_SERVICES ? { useRunning: true } : {}),
  };
}

export const restHostOf = (t: ServiceTargets) => t.restHost ?? t.host;
export const grpcHostOf = (t: ServiceTargets) => t.grpcHost ?? t.host;

export const restBaseUrl = (t: ServiceTargets) => `http://${hostPort(restHostOf(t), t.restPort)}`;
export const grpcTarget = (t: ServiceTargets) => hostPort(grpcHostOf(t), t.grpcPort);
export const grpcStatsUrl = (t: ServiceTargets) => `http://${hostPort(grpcHostOf(t), t.grpcMetricsPort)}`;

/**
 * The hosts the operator allowed besides loopback, for the load-generator drivers (which refuse
 * any other host): none unless RELIX_REMOTE_SERVICES=1.
 */
export function remoteHostsOf(t: ServiceTargets): string[] {
  if (t.packetLink) return [t.packetLink.serverAddress];
  if (!t.external) return [];
  return [...new Set([restHostOf(t), grpcHostOf(t)])].filter((host) => loopbackAddress(host) === null);
}

/**
 * The drivers' options about where these targets are: `remoteHosts`, absent when loopback is all
 * they may load, and `execPrefix`, what runs the tool on a packet link's client side.
 */
export function remoteHostsOption(t: ServiceTargets): { remoteHosts?: string[]; execPrefix?: readonly string[] } {
  const remoteHosts = remoteHostsOf(t);
  return {
    ...(remoteHosts.length > 0 ? { remoteHosts } : {}),
    ...(t.packetLink?.clientExec ? { execPrefix: t.packetLink.clientExec } : {}),
  };
}
