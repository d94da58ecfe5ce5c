/**
 * Where each stack is served and read: its port in the targets, its /stats, and the targets a load
 * generator is handed for it. The engine looks a stack up here and never branches on its name; what
 * differs between stacks (family, transport, encoding, tool) is in @relix/core's stacks table.
 */
import { hostPort } from "@relix/core/network/loopback";
import { stackPortVariable } from "@relix/core/stacks/port-variables";
import { DEFAULT_PAIR, stackIds, stacks, type StackDefinition, type StackId } from "@relix/core/stacks/stacks";
import type { Protocol } from "@relix/core";
import { grpcHostOf, grpcStatsUrl, restHostOf, type ServiceTargets } from "../launch/targets";

/** Each stack's port in a set of targets; undefined when the targets do not say it is served. */
function portOf(t: ServiceTargets, stack: StackId): number | undefined {
  if (stack === DEFAULT_PAIR.rest) return t.restPort;
  if (stack === DEFAULT_PAIR.grpc) return t.grpcPort;
  return t.stackPorts?.[stack];
}

/** Where a gRPC stack's process serves /stats: the default gRPC API's side port, or its own process's. */
function sidePortOf(t: ServiceTargets, stack: StackId): number | undefined {
  const process = stacks[stack].process;
  return process === stacks[DEFAULT_PAIR.grpc].process ? t.grpcMetricsPort : t.sidePorts?.[process];
}

/** Where a stack's /stats counters are, and the HTTP version that reads them. */
export interface StatsEndpoint {
  url: string;
  transport: StackDefinition["transport"];
}

/** What a family's stacks share: the host they are on, and where a stack's counters are read. */
const FAMILY: Record<
  Protocol,
  {
    host(t: ServiceTargets): string;
    portKey: "restPort" | "grpcPort";
    stats(t: ServiceTargets, stack: StackId, port: number): StatsEndpoint;
  }
> = {
  // Every HTTP stack answers /stats on its own port, about itself, over its own transport.
  rest: {
    host: restHostOf,
    portKey: "restPort",
    stats: (t, stack, port) => ({
      url: `http://${hostPort(restHostOf(t), port)}/stats`,
      transport: stacks[stack].transport,
    }),
  },
  // A gRPC process answers for each of its stacks on its HTTP/1.1 side port.
  grpc: {
    host: grpcHostOf,
    portKey: "grpcPort",
    stats: (t, stack) => {
      const side = sidePortOf(t, stack);
      if (side === undefined)
        throw new StackNotServedError([stack], [`no side port is configured for ${stack}'s process`]);
      const base = side === t.grpcMetricsPort ? grpcStatsUrl(t) : `http://${hostPort(grpcHostOf(t), side)}`;
      return { url: `${base}/stats?stack=${stack}`, transport: "http1" };
    },
  },
};

/** The protocol a stack's figures are filed under: its family. */
export const protocolOf = (stack: StackId): Protocol => stacks[stack].family;

/** The protocol's default stack: what `cell.rest` and `cell.grpc` hold when the run names no other pair. */
export const DEFAULT_STACK_OF: Record<Protocol, StackId> = DEFAULT_PAIR;

export const isDefaultStack = (stack: StackId): boolean => DEFAULT_STACK_OF[protocolOf(stack)] === stack;

/** A stack the run asks for that the services do not serve: the run is refused before measuring. */
export class StackNotServedError extends Error {
  constructor(
    /** The stacks refused (not `stacks`: test runners read that name on errors as stack frames). */
    readonly refused: readonly StackId[],
    reasons: readonly string[],
  ) {
    super(`refusing to measure: ${reasons.join("; ")}`);
    this.name = "StackNotServedError";
  }
}

/** The variable that says where a stack listens, as an error names it. */
export const stackPortVariableName = (stack: StackId): string => stackPortVariable(stack).variable;

/** The stack's port, or an error saying which variable would set it. */
export function stackPort(targets: ServiceTargets, stack: StackId): number {
  const port = portOf(targets, stack);
  if (port === undefined) {
    throw new StackNotServedError(
      [stack],
      [`no port is configured for the ${stack} stack (${stackPortVariableName(stack)} is "off")`],
    );
  }
  return port;
}

/** host:port of a stack. */
export const stackAddress = (targets: ServiceTargets, stack: StackId): string =>
  hostPort(FAMILY[protocolOf(stack)].host(targets), stackPort(targets, stack));

/** Base URL of an HTTP stack (or of a gRPC stack, for an HTTP/2 client). */
export const stackBaseUrl = (targets: ServiceTargets, stack: StackId): string =>
  `http://${stackAddress(targets, stack)}`;

/** The /stats counters of one stack. */
export function stackStats(targets: ServiceTargets, stack: StackId): StatsEndpoint {
  return FAMILY[protocolOf(stack)].stats(targets, stack, stackPort(targets, stack));
}

/** The full URL of one stack's /stats (read it with server-stats.ts readStats, over its transport). */
export const stackStatsUrl = (targets: ServiceTargets, stack: StackId): string => stackStats(targets, stack).url;

/**
 * The targets a load generator gets for one stack: the stack's port in its family's slot
 * (restPort for an HTTP stack, grpcPort for a gRPC one), so a generator addresses whatever stack
 * it is handed the way it addresses its protocol's default.
 */
export function aimedAt(targets: ServiceTargets, stack: StackId): ServiceTargets {
  return { ...targets, [FAMILY[protocolOf(stack)].portKey]: stackPort(targets, stack) };
}

/** Every stack port of a set of targets, by stack (the default two included). */
export function servedStackPorts(targets: ServiceTargets): Array<[StackId, number]> {
  return stackIds.flatMap((stack) => {
    const port = portOf(targets, stack);
    return port === undefined ? [] : [[stack, port] as [StackId, number]];
  });
}
