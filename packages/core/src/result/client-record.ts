import { z } from "zod";

/**
 * How one side of a cell was driven when the run chose its client programs (`clients`): which
 * program spoke which HTTP, how that side's failed calls were counted, the HTTP/2 flow-control
 * windows the client offered and which requests it sent. Recorded on each measure of an `equal`
 * run; absent in `tools` runs and in results written before.
 */
export const clientRecordSchema = z.object({
  /** How this side was driven ("both" runs record "equal" on their equal-client sides). */
  mode: z.enum(["tools", "equal"]),
  /** The client program, as the generator's `tool`: "relix-load" (results written before: "h2load"). */
  program: z.string().min(1),
  /** HTTP on the wire: "1.1" for the HTTP/1.1 stacks, "2" (prior knowledge) for h2c and gRPC. */
  http: z.enum(["1.1", "2"]),
  /**
   * "http-status": each call's HTTP status, from the client's own log (REST sides).
   * "grpc-status": each gRPC call's status, read by the client from the call's trailers (or its
   * trailers-only reply); a reset stream or a lost connection counts as a failed call too.
   * "server-counters" (results written with h2load as the equal client): a gRPC call fails in its trailers, which the client does not read (it sees
   * HTTP 200), and a spring reply's status line has no reason phrase, which h2load does not read;
   * so failures are the server's own count of non-OK calls over the tool's runs around the window
   * (less those the client cancelled by closing its connection), scaled to the window's share of
   * the calls the server served; never successes.
   */
  errorsCountedBy: z.enum(["http-status", "grpc-status", "server-counters"]),
  /** "server-counters" only: the non-OK calls the server counted over the tool's runs, and all its calls. */
  serverCounted: z.object({ calls: z.number().int().min(0), failed: z.number().int().min(0) }).optional(),
  /** The HTTP/2 windows the client offered the server for its replies, bytes; null over HTTP/1.1. */
  flowControl: z
    .object({ streamWindowBytes: z.number().int().min(0), connectionWindowBytes: z.number().int().min(0) })
    .nullable(),
  /**
   * "key-sequence": every request of the workload's key sequence, as the other generators send it;
   * "first-request": the program sends one body for every call, so where the sequence's requests
   * differ beyond their path every side sent the sequence's first request only (the same work on
   * each side, one key).
   */
  requestsSent: z.enum(["key-sequence", "first-request"]),
  /** "per-call": an HTTP/1.1 side opened a new connection for every call (`restConnection: per-request`); absent: kept connections. */
  connection: z.literal("per-call").optional(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;
