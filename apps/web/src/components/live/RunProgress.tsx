import { cacheModeLabel, formatCount, formatDuration } from "@/lib/format";
import type { LiveState } from "@/lib/live/live-state";
import { PROTOCOL_LABEL } from "@/lib/protocol-style";
import { sweepPointLabel } from "@relix/core/render/sweeps/coords-label";

/** The run's place in the queue while it waits. */
export function QueuePosition({ position }: { position: number | null }) {
  return (
    <div className="banner banner-info" style={{ marginTop: 14 }} data-testid="queue-position">
      {position && position > 0 ? (
        <>
          <strong>#{position} in the queue.</strong> One run at a time, so REST and gRPC never share the machine with
          another run; yours starts when{" "}
          {position === 1 ? "the current run finishes" : `the ${position} runs ahead of it finish`}.
        </>
      ) : (
        <strong>Starting…</strong>
      )}
    </div>
  );
}

/** While measuring: the progress bar, what is measured now, time elapsed and left, errors so far. */
export function RunProgress({
  state,
  labels,
  elapsedMs,
  remainingMs,
}: {
  state: LiveState;
  labels: Record<string, string>;
  elapsedMs: number | null;
  remainingMs: number | null;
}) {
  const current = state.current;
  // A sweep measures one workload at several points: the phase message alone would not say which.
  const point = current ? sweepPointLabel(current.coords, current.refinement) : "";
  const fraction = state.progress?.fraction ?? 0;
  return (
    <>
      <div
        className="progress"
        style={{ marginTop: 14 }}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
      >
        <div style={{ width: `${Math.round(fraction * 1000) / 10}%` }} />
      </div>
      <div className="live-meta">
        <div className="stat">
          <div className="label">Now measuring</div>
          <div className="value" style={{ fontSize: 15 }} data-testid="current-cell" data-step={current?.index ?? 0}>
            {current ? (
              <>
                <span className={`proto proto-${current.protocol}`}>{PROTOCOL_LABEL[current.protocol]}</span>{" "}
                {labels[current.workload] ?? current.workload}
                {point ? (
                  <span className="muted" data-testid="current-point">
                    {" "}
                    at {point}
                  </span>
                ) : null}
              </>
            ) : (
              (state.phase?.message ?? "Preparing…")
            )}
          </div>
          {current ? (
            <div className="muted small">
              {cacheModeLabel(current.cacheMode)}
              {current.placement && current.placement !== "loopback" ? ` · ${current.placement}` : ""}
              {current.stack ? ` · ${current.stack}` : ""} · trial {current.trial} of {current.trials} · step{" "}
              {current.index} of {current.total}
            </div>
          ) : null}
        </div>
        <div className="stat">
          <div className="label">Elapsed</div>
          <div className="value num">{formatDuration(elapsedMs)}</div>
          <div className="muted small">{Math.round(fraction * 100)}% done</div>
        </div>
        <div className="stat">
          <div className="label">Remaining (estimate)</div>
          <div className="value num">{formatDuration(remainingMs)}</div>
          <div className="muted small">{state.phase ? state.phase.message : "\u00a0"}</div>
        </div>
        <div className="stat">
          <div className="label">Errors so far</div>
          <div className="value num" data-testid="error-count">
            <span className="proto-rest">{formatCount(state.errors.rest)}</span> /{" "}
            <span className="proto-grpc">{formatCount(state.errors.grpc)}</span>
          </div>
          <div className="muted small">REST / gRPC, from the samples</div>
        </div>
      </div>
    </>
  );
}
