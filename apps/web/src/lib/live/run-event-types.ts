// The names the live page listens for, and the run statuses: plain constants, so the browser
// bundle does not carry the zod schemas (the SSE proxy validates on the server).

export const runEventTypes = [
  "phase",
  "cell-start",
  "cell-end",
  "sample",
  "progress",
  "warning",
  "status",
  "error",
] as const;
export type RunEventType = (typeof runEventTypes)[number];

export const runStatuses = ["queued", "running", "done", "failed", "cancelled"] as const;
export type RunStatus = (typeof runStatuses)[number];

export const finalStatuses: readonly RunStatus[] = ["done", "failed", "cancelled"];
export const isFinalStatus = (status: RunStatus): boolean => finalStatuses.includes(status);
