import type { Connection } from "./use-run-events";

const TEXT: Record<Connection, string> = {
  connecting: "connecting…",
  open: "live",
  reconnecting: "reconnecting…",
  closed: "finished",
};

/** The state of the live stream, beside the run's title. */
export function ConnectionBadge({ connection }: { connection: Connection }) {
  return (
    <span
      className={connection === "reconnecting" ? "conn down" : "conn"}
      data-testid="connection"
      data-connection={connection}
    >
      <i />
      {TEXT[connection]}
    </span>
  );
}
