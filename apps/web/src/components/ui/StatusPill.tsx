import type { RunStatus } from "@relix/core/runner-api/run-status";

const LABEL: Record<RunStatus, string> = {
  queued: "Queued",
  running: "Running",
  done: "Done",
  failed: "Failed",
  cancelled: "Cancelled",
};

export function StatusPill({ status }: { status: RunStatus }) {
  return (
    <span className={`pill pill-${status}`} data-testid="status" data-status={status}>
      {LABEL[status]}
    </span>
  );
}
