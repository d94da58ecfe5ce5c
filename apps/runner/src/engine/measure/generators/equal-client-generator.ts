/**
 * Equal clients (`clients: "equal"`): every stack driven by one client program doing the same
 * work per call, so a verdict is about the protocols and not about the load generators (autocannon
 * never parses the JSON it receives; ghz decodes every reply through reflection). The program is
 * relix-load (native/load-client): HTTP/1.1 to the HTTP/1.1 stacks (a kept connection per call in
 * flight, or a new connection per call), h2 with prior knowledge to h2c and to the gRPC stacks,
 * whose calls it sends as framed protobuf bodies (grpc-call-requests.ts). It sends every request
 * of the key sequence, reads each call's outcome (the HTTP status; a gRPC call's grpc-status from
 * its trailers), paces an open loop from each call's due time, and parses no body beyond gRPC's
 * framing: each side's time is the wire and the server, never a decoder.
 */
import type { ClientRecord, RunSpec } from "@relix/core";
import { stackRecord, type StackDefinition } from "@relix/core/stacks/stacks";
import { toolPath } from "@relix/io/backends";
import {
  RELIX_LOAD,
  RELIX_LOAD_EXECUTABLE,
  relixLoadVersion,
  runRelixLoad,
  type RelixLoadOptions,
} from "../../../tools/relix-load";
import type { HttpRequestSpec } from "../../../tools";
import { grpcCallRequestFor } from "../../plan/grpc-call-requests";
import type { LoadGenerator, LoadPlan, ToolContext } from "../load-generator";
import { restRequestsFor } from "../../plan/protocol-requests";
import { grpcTarget, remoteHostsOption, restBaseUrl } from "../../launch/targets";
import { clientsAndStreams, loadRunOfOneThreadTool } from "./h2load-generator";

/**
 * The HTTP/2 windows the equal client offers for replies: 2^22 - 1 bytes (4 MiB) per stream and
 * per connection, what the gRPC API grants its own callers (GRPC_FLOW_CONTROL_WINDOW_BYTES). The
 * gRPC clients most callers use grow their window from a bandwidth estimate: ghz (grpc-go), seen
 * from the grpc-js server here on meteorites.get, went from 64 KiB to 1.5-1.7 MB within two
 * seconds and was still doubling (grpc-go's limit is 16 MiB); grpc-java and gRPC's C-core do the
 * same. A client that offers a fixed window offers one of that size from the start: at 64 KiB (what
 * a grpc-js client keeps) h2load's own CPU per gRPC call on meteorites.get's 121 KB replies was
 * twice as high (0.22 ms against 0.10 ms), so the client was not equal on large replies.
 * Recorded on every h2 measure.
 */
export const EQUAL_CLIENT_WINDOW_BITS = { stream: 22, connection: 22 } as const;
const windowBytes = (bits: number) => 2 ** bits - 1;

/** One stack's calls as the client sends them: REST in the stack's encoding, gRPC framed. */
function callsOf(record: StackDefinition, plan: LoadPlan): HttpRequestSpec[] {
  const { workload, cacheMode, spec, requests } = plan;
  return record.family === "grpc"
    ? requests.map((request) => grpcCallRequestFor(workload, request, cacheMode, spec.serverDelayMs, plan.timeoutMs))
    : restRequestsFor(workload, [...requests], cacheMode, spec.serverDelayMs, record.encoding);
}

/** A new connection per call is HTTP/1.1's (study 004's design); h2 and gRPC keep theirs. */
const newConnectionPerCall = (record: StackDefinition, spec: RunSpec) =>
  record.transport === "http1" && spec.restConnection === "per-request";

/** The client's version for the result's environment; null when it cannot be told. */
async function versionOf(context: ToolContext): Promise<string | null> {
  const located = context.tools[RELIX_LOAD_EXECUTABLE.name];
  return located?.path ? relixLoadVersion(located.path, context.env).catch(() => null) : null;
}

/** What relix-load is given to drive `plan`'s stack: its calls, protocol, load and windows. */
export function relixLoadOptionsFor(plan: LoadPlan, relixLoadBin: string): RelixLoadOptions {
  const record = stackRecord(plan.stack);
  const http1 = record.transport === "http1";
  const grpc = record.family === "grpc";
  const { spec } = plan;
  // HTTP/1.1: one call per connection in flight, as autocannon; h2: as ghz spreads them.
  const { clients, streams } = http1
    ? { clients: spec.connections, streams: 1 }
    : clientsAndStreams(spec.connections, spec.grpcConnections);
  return {
    // The plan's targets are aimed at the stack: an HTTP stack's port in restPort, a gRPC one's in grpcPort.
    url: grpc ? `http://${grpcTarget(plan.targets)}` : restBaseUrl(plan.targets),
    ...remoteHostsOption(plan.targets),
    requests: callsOf(record, plan),
    protocol: http1 ? "h1" : "h2c",
    grpc,
    connections: clients,
    inFlight: clients * streams,
    ...(newConnectionPerCall(record, spec) ? { newConnectionPerCall: true } : {}),
    ...(spec.rate ? { rate: spec.rate } : {}),
    ...(http1 ? {} : { windowBits: EQUAL_CLIENT_WINDOW_BITS }),
    ...(plan.total ? { total: plan.total } : {}),
    durationMs: plan.durationMs,
    timeoutMs: plan.timeoutMs,
    relixLoadBin,
    env: plan.env,
    ...(plan.signal ? { signal: plan.signal } : {}),
  };
}

/** How a side was driven, for its measure: the program, the HTTP, how errors were counted, the windows. */
function clientRecordOf(options: RelixLoadOptions): ClientRecord {
  return {
    mode: "equal",
    program: RELIX_LOAD,
    http: options.protocol === "h1" ? "1.1" : "2",
    errorsCountedBy: options.grpc ? "grpc-status" : "http-status",
    flowControl: options.windowBits
      ? {
          streamWindowBytes: windowBytes(options.windowBits.stream),
          connectionWindowBytes: windowBytes(options.windowBits.connection),
        }
      : null,
    requestsSent: "key-sequence",
    ...(options.newConnectionPerCall ? { connection: "per-call" as const } : {}),
  };
}

export const equalClientGenerator: LoadGenerator = {
  // It drives both families; chosen by the spec's `clients`, never from the registry.
  measures: "rest",
  tool: RELIX_LOAD,
  executable: RELIX_LOAD_EXECUTABLE,
  statsUrl: restBaseUrl,
  version: versionOf,
  async run(plan) {
    const located = plan.tools[RELIX_LOAD_EXECUTABLE.name];
    if (!located) throw new Error("relix-load was not looked for at start-up");
    const options = relixLoadOptionsFor(plan, toolPath(located));
    const result = await runRelixLoad(options);
    return {
      ...loadRunOfOneThreadTool(result),
      client: clientRecordOf(options),
    };
  },
};
