"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { isFinalStatus, type RunStatus } from "@relix/core/runner-api/run-status";
import { currentGroup } from "@/lib/live/live-state";
import { ConnectionBadge } from "./ConnectionBadge";
import { LiveCharts } from "./LiveCharts";
import { CellEnds, LiveMessages } from "./LiveMessages";
import { QueuePosition, RunProgress } from "./RunProgress";
import { useCancelRun } from "./use-cancel-run";
import { useRunClock } from "./use-run-clock";
import { useRunEvents } from "./use-run-events";

export interface LiveRunProps {
  id: string;
  status: RunStatus;
  position: number | null;
  /** workload id -> label, from the catalog. */
  labels: Record<string, string>;
  /** Warm-up + window of one protocol run, in seconds: the live charts' x range. */
  cellSeconds: number | null;
  summary: string;
}

/** The run while it is queued or measuring: both protocols racing, second by second. */
export function LiveRun({ id, status, position, labels, cellSeconds, summary }: LiveRunProps) {
  const router = useRouter();
  const { state, progressAt, connection } = useRunEvents(id, { status, position }, () => {
    // The server renders the report (or the failure) at this same permalink.
    router.refresh();
  });
  const [pinned, setPinned] = useState<string | null>(null);
  const { cancelling, cancelError, cancel } = useCancelRun(id);
  const { elapsed, remaining } = useRunClock(state.status, state.progress, progressAt);

  const current = currentGroup(state);
  const group = (pinned ? state.groups.find((g) => g.key === pinned) : null) ?? current;
  const final = isFinalStatus(state.status);

  return (
    <div data-testid="live-run" data-samples={state.samples}>
      <div className="card card-pad">
        <div className="row">
          <h2 style={{ fontSize: 18 }}>
            {state.status === "queued" ? "Waiting for the runner" : final ? "Run finished" : "Measuring"}
          </h2>
          <ConnectionBadge connection={connection} />
          <span className="spacer" />
          {!final ? (
            <button
              type="button"
              className="btn btn-danger"
              onClick={cancel}
              disabled={cancelling}
              data-testid="cancel"
            >
              {cancelling ? "Cancelling…" : "Cancel run"}
            </button>
          ) : null}
        </div>
        <p className="muted small" style={{ marginTop: 4 }}>
          {summary}
        </p>
        {cancelError ? <div className="error-text">{cancelError}</div> : null}
        {state.status === "queued" ? (
          <QueuePosition position={state.position} />
        ) : (
          <RunProgress state={state} labels={labels} elapsedMs={elapsed} remainingMs={remaining} />
        )}
      </div>

      {state.status !== "queued" ? (
        <LiveCharts
          group={group}
          groups={state.groups}
          currentKey={current?.key ?? null}
          labels={labels}
          cellSeconds={cellSeconds}
          onPick={setPinned}
        />
      ) : null}
      <LiveMessages messages={state.messages} />
      <CellEnds ends={state.cellEnds} labels={labels} />
    </div>
  );
}
