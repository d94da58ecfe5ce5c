/**
 * Equal clients (`clients: "equal"`): every stack driven by one client program doing the same
 * work per call, so a verdict is about the protocols and not about the load generators (autocannon
 * never parses the JSON it receives; ghz decodes every reply through reflection). The program is
 * nghttp2's h2load: HTTP/1.1 (--h1) to the HTTP/1.1 stacks, h2 with prior knowledge to h2c and to
 * the gRPC stacks, whose calls it sends as framed protobuf bodies (grpc-call-requests.ts). It
 * parses no body on any side: each side's time is the wire and the server, never a decoder.
 *
 * What h2load cannot do, and what is done instead:
 *  - It reads no trailers, so a failed gRPC call (its status is in them) is an HTTP 200 to it. A
 *    gRPC side's failures come from the server's own counters over the window instead
 *    (server-counted-errors.ts); the measure says so (its `client` record).
 *  - It reads no HTTP/1.1 status line without a reason phrase (STATUS_UNREAD_CODE), and Tomcat
 *    writes no reason phrase. spring's replies are counted as answered when whole, and its
 *    failures come from its own counters, as a gRPC side's.
 *  - It sends one body for every call (only paths may differ). Where the workload's key sequence
 *    differs beyond the path (a gRPC request carries its key in the body), every side sends the
 *    sequence's first request only: the same work on each side, one key.
 */
import type { ClientRecord, RunSpec, Workload } from "@relix/core";
import { stackRecord, type StackDefinition, type StackId } from "@relix/core/stacks/stacks";
import { H2LOAD_EXECUTABLE, runH2load, STATUS_UNREAD_CODE } from "../../../tools/h2load";
import type { HttpRequestSpec } from "../../../tools";
import { grpcCallRequestFor } from "../../plan/grpc-call-requests";
import type { LoadGenerator, LoadPlan, LoadRun } from "../load-generator";
import { restRequestsFor } from "../../plan/protocol-requests";
import { grpcTarget, remoteHostsOption, restBaseUrl } from "../../launch/targets";
import { clientsAndStreams, h2loadBin, h2loadVersionOf, loadRunOfH2load, openLoopRefusal } from "./h2load-generator";

/**
 * The HTTP/2 windows the equal client offers for replies: 2^22 - 1 bytes (4 MiB) per stream and
 * per connection, what the gRPC API grants its own callers (GRPC_FLOW_CONTROL_WINDOW_BYTES). The
 * gRPC clients most callers use grow their window from a bandwidth estimate: ghz (grpc-go), seen
 * from the grpc-js server here on meteorites.get, went from 64 KiB to 1.5-1.7 MB within two
 * seconds and was still doubling (grpc-go's limit is 16 MiB); grpc-java and gRPC's C-core do the
 * same. h2load cannot grow a window, so it offers one of that size from the start. At 64 KiB (what
 * a grpc-js client keeps) h2load's own CPU per gRPC call on meteorites.get's 121 KB replies was
 * twice as high (0.22 ms against 0.10 ms; the REST side's 0.12-0.15 ms), so the equal client was
 * not equal on large replies. h2load's default (2^30 - 1) is larger than any gRPC client's.
 * Recorded on every h2 measure.
 */
export const EQUAL_CLIENT_WINDOW_BITS = { stream: 22, connection: 22 } as const;
const windowBytes = (bits: number) => 2 ** bits - 1;

/** The requests every side sends: the whole key sequence, or its first request where h2load cannot vary the body. */
export function equalRequestsOf(
  workload: Workload,
  requests: readonly unknown[],
): { requests: unknown[]; sent: ClientRecord["requestsSent"] } {
  if (new Set(requests).size <= 1) return { requests: [...requests], sent: "key-sequence" };
  // The gRPC form is the strictest: its key travels in the body, which is one per h2load run.
  const bodies = new Set(
    requests.map((request) => (grpcCallRequestFor(workload, request, "warm", 0).body as Buffer).toString("base64")),
  );
  return bodies.size <= 1
    ? { requests: [...requests], sent: "key-sequence" }
    : { requests: requests.slice(0, 1), sent: "first-request" };
}

/** One stack's calls as h2load sends them: REST in the stack's encoding, gRPC framed. */
function callsOf(record: StackDefinition, plan: LoadPlan, requests: readonly unknown[]): HttpRequestSpec[] {
  const { workload, cacheMode, spec } = plan;
  return record.family === "grpc"
    ? requests.map((request) => grpcCallRequestFor(workload, request, cacheMode, spec.serverDelayMs, plan.timeoutMs))
    : restRequestsFor(workload, [...requests], cacheMode, spec.serverDelayMs, record.encoding);
}

/**
 * Stacks whose status lines h2load cannot read. Tomcat 10 (spring) writes "HTTP/1.1 200 " without
 * a reason phrase; h2load 1.52 then logs each whole reply with status 0 and counts it failed.
 * Checked against a minimal server that differed only in the phrase: "200 OK" was read, "200 "
 * was not. Such a reply is an answer here, and the stack's failures are its server's own count
 * (a Tomcat error page would read as status 0 too, and the server counts it).
 */
const STATUS_UNREAD_BY_H2LOAD: ReadonlySet<StackId> = new Set(["spring"]);

/** The run's samples with each whole reply whose status h2load did not read counted as answered. */
function withUnreadStatusAnswered(run: LoadRun): LoadRun {
  return {
    ...run,
    samples: run.samples.map((sample) => (sample.code === STATUS_UNREAD_CODE ? { ...sample, ok: true } : sample)),
  };
}

/** Why equal clients cannot run a spec, or null. */
function equalClientRefusal(spec: RunSpec): string | null {
  if (spec.restConnection === "per-request")
    return "equal clients keep their connections: a new connection per REST call is autocannon's (--rest-connection per-request with --clients tools)";
  return openLoopRefusal(spec);
}

export const equalClientGenerator: LoadGenerator = {
  // It drives both families; chosen by the spec's `clients`, never from the registry.
  measures: "rest",
  tool: "h2load",
  executable: H2LOAD_EXECUTABLE,
  statsUrl: restBaseUrl,
  cannotRun: equalClientRefusal,
  version: h2loadVersionOf,
  async run(plan) {
    const refusal = equalClientRefusal(plan.spec);
    if (refusal) throw new Error(`equal clients cannot measure ${plan.stack}: ${refusal}`);
    const record = stackRecord(plan.stack);
    const http1 = record.transport === "http1";
    const grpc = record.family === "grpc";
    const statusUnread = STATUS_UNREAD_BY_H2LOAD.has(plan.stack);
    const { requests, sent } = equalRequestsOf(plan.workload, plan.requests);
    const result = await runH2load({
      // The plan's targets are aimed at the stack: an HTTP stack's port in restPort, a gRPC one's in grpcPort.
      url: grpc ? `http://${grpcTarget(plan.targets)}` : restBaseUrl(plan.targets),
      ...remoteHostsOption(plan.targets),
      requests: callsOf(record, plan, requests),
      // HTTP/1.1: one request per connection in flight, as autocannon; h2: as ghz spreads them.
      ...(http1
        ? { clients: plan.spec.connections, streams: 1, http1: true }
        : {
            ...clientsAndStreams(plan.spec.connections, plan.spec.grpcConnections),
            windowBits: EQUAL_CLIENT_WINDOW_BITS,
          }),
      ...(plan.total ? { total: plan.total } : {}),
      durationMs: plan.durationMs,
      timeoutMs: plan.timeoutMs,
      h2loadBin: h2loadBin(plan),
      env: plan.env,
      ...(plan.signal ? { signal: plan.signal } : {}),
    });
    const client: ClientRecord = {
      mode: "equal",
      program: "h2load",
      http: http1 ? "1.1" : "2",
      errorsCountedBy: grpc || statusUnread ? "server-counters" : "http-status",
      flowControl: http1
        ? null
        : {
            streamWindowBytes: windowBytes(EQUAL_CLIENT_WINDOW_BITS.stream),
            connectionWindowBytes: windowBytes(EQUAL_CLIENT_WINDOW_BITS.connection),
          },
      requestsSent: sent,
    };
    const run = loadRunOfH2load(result);
    return { ...(statusUnread ? withUnreadStatusAnswered(run) : run), client };
  },
};
