import { formatDuration } from "@/lib/format";

/** The start button, and how long the run will measure (or what to fix first). */
export function SubmitBar({
  submitting,
  estimate,
  swept,
  maxTotalRunMs,
}: {
  submitting: boolean;
  /** The run's load time; null while an option is invalid. */
  estimate: number | null;
  /** The run sweeps: the estimate is then an upper bound. */
  swept: boolean;
  maxTotalRunMs: number;
}) {
  return (
    <div className="submit-bar">
      <button type="submit" className="btn btn-primary btn-big" disabled={submitting} data-testid="run-benchmark">
        {submitting ? "Starting…" : "Run benchmark"}
      </button>
      <div className="muted">
        {estimate !== null ? (
          <>
            {swept ? "At most " : "About "}
            <strong className="num" data-testid="run-estimate">
              {formatDuration(estimate)}
            </strong>{" "}
            of load (warm-up + window, both protocols, every trial
            {swept ? ", every grid point and the crossover search's budget" : ""}), plus service start-up.
            {estimate > maxTotalRunMs ? (
              <span className="error-text"> Over the {formatDuration(maxTotalRunMs)} limit.</span>
            ) : null}
          </>
        ) : (
          "Fix the marked options to see how long the run takes."
        )}
      </div>
    </div>
  );
}
