/**
 * What one autocannon run recorded, before normalisation: sample columns and the counts that
 * account for every request sent. Also the format of the recorded fixture (tools/fixtures).
 */
import { samplesFromColumns, type SampleColumns } from "../sample-store";
import type { ToolRunResult } from "../sample";

export interface AutocannonCapture extends SampleColumns {
  format: "relix.autocannon-capture/v1";
  autocannonVersion: string;
  startedAtMs: number;
  wallMs: number;
  connections: number;
  pipelining: number;
  requestsSent: number;
  droppedInFlight: number;
}

/** Turns a capture (live or loaded from a fixture) into the common result shape. */
export function normaliseAutocannonCapture(
  c: AutocannonCapture,
): Pick<ToolRunResult, "samples" | "startedAtMs" | "wallMs" | "connections" | "inFlight"> {
  return {
    samples: samplesFromColumns(c),
    startedAtMs: c.startedAtMs,
    wallMs: c.wallMs,
    connections: c.connections,
    inFlight: c.connections * c.pipelining,
  };
}
