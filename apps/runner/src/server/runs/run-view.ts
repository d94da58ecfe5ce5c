import type { RunResult } from "@relix/core";
import type { LiveState, RunDetail, RunSummary } from "@relix/core/runner-api/runs";
import type { RunRecord } from "../../store/results-store";

// GET /api/runs and GET /api/runs/:id: a stored run record, plus what only the live process knows,
// in the shapes @relix/core/runner-api/runs defines (times as ISO 8601 strings).

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
