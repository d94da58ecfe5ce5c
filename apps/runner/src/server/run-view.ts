import type { RunResult, RunSpec } from "@relix/core";
import type { RunStatus } from "../engine/run-events";
import type { Headline } from "../store/headline";
import type { RunRecord } from "../store/results-store";
import type { LiveState } from "./run-queue";

/** One row of GET /api/runs. Times are ISO 8601 strings. */
export interface RunSummary {
  id: string;
  status: RunStatus;
  /** 1 = next to start, 0 = starting now; null unless queued. */
  position: number | null;
  preset: string | null;
  workloads: string[];
  cacheModes: string[];
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  reason: string | null;
  headline: Headline | null;
  imported: boolean;
}

/** GET /api/runs/:id. */
export interface RunDetail extends RunSummary {
  spec: RunSpec;
  importedAt: string | null;
  importedFrom: string | null;
  /** The latest phase, cell and progress while running; null otherwise. */
  live: LiveState | null;
  /** The SSE id of the run's latest event (null when none is in memory). */
  lastEventId: number | null;
  /** The whole relix.result/v1 document once done; null before. */
  result: RunResult | null;
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString());

export function runSummary(record: RunRecord, position: number | null): RunSummary {
  return {
    id: record.id,
    status: record.status,
    position: record.status === "queued" ? position : null,
    preset: record.preset,
    workloads: [...record.spec.workloads],
    cacheModes: [...record.spec.cacheModes],
    createdAt: new Date(record.createdAt).toISOString(),
    startedAt: iso(record.startedAt),
    finishedAt: iso(record.finishedAt),
    reason: record.reason,
    headline: record.headline,
    imported: record.importedAt !== null,
  };
}

export function runDetail(
  record: RunRecord,
  extra: { position: number | null; live: LiveState | null; lastEventId: number | null; result: RunResult | null },
): RunDetail {
  return {
    ...runSummary(record, extra.position),
    spec: record.spec,
    importedAt: iso(record.importedAt),
    importedFrom: record.importedFrom,
    live: record.status === "running" ? extra.live : null,
    lastEventId: extra.lastEventId,
    result: extra.result,
  };
}
