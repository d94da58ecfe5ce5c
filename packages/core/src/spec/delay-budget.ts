import { MAX_TOTAL_DELAY_MS } from "../calls/call-context";
import type { RunSpec } from "./run-spec";

const MIB = 1024 * 1024;

/**
 * Why a spec's server delay cannot run, or null: both APIs refuse a request that asks for more than
 * MAX_TOTAL_DELAY_MS of delay in all, so a run whose stream or upload would do so could only
 * measure errors. Said before the run instead.
 */
export function serverDelayProblem(
  spec: Pick<RunSpec, "workloads" | "serverDelayMs" | "streamMessages" | "payloadBytes">,
): string | null {
  const delay = spec.serverDelayMs;
  if (delay === 0) return null;
  const over = (totalMs: number, what: string) =>
    `${what} is ${totalMs} ms of server delay per call, above the ${MAX_TOTAL_DELAY_MS} ms one request may ask for`;
  if (spec.workloads.includes("stream") && delay * spec.streamMessages > MAX_TOTAL_DELAY_MS) {
    return over(delay * spec.streamMessages, `${delay} ms per message x ${spec.streamMessages} stream messages`);
  }
  const uploadMs = Math.round((delay * spec.payloadBytes) / MIB);
  if (spec.workloads.includes("upload") && uploadMs > MAX_TOTAL_DELAY_MS) {
    return over(uploadMs, `${delay} ms per MiB x ${+(spec.payloadBytes / MIB).toFixed(3)} MiB uploaded`);
  }
  return null;
}
