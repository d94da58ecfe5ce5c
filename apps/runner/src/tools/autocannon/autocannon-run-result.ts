import type { ToolRunResult } from "../sample";

/** What one autocannon run reports, wherever it ran (this process, or a child on a packet link's client side). */
export interface AutocannonRunResult extends ToolRunResult {
  tool: "autocannon";
  /** Requests written to sockets. */
  requestsSent: number;
  /** Specs taken from the key sequence (== requestsSent). */
  keysIssued: number;
  /** Requests still in flight when autocannon destroyed its sockets (it drops them silently). */
  droppedInFlight: number;
  toolCpuMs: number;
  /** toolCpuMs / wallMs: cores' worth of CPU used by this process during the run. */
  toolCpuCoreFraction: number;
  /** Main-thread event-loop utilisation during the run (0..1). */
  eventLoopUtilization: number;
  /** With `amount`: `durationMs` came before every request was issued, and the run stopped there. */
  stoppedAtTimeCap: boolean;
}
