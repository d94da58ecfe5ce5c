"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { ChartCard } from "@/components/charts/ChartCard";
import { latencyLines, protocolLines } from "@/components/charts/legend";
import { TimelineChart } from "@/components/charts/TimelineChart";
import { cacheModeLabel, formatDuration, formatMsNumber, formatCount } from "@/lib/format";
import { liveChartRows, warmupRange } from "@/lib/live/live-chart-rows";
import { currentGroup, type LiveGroup } from "@/lib/live/live-state";
import type { RunStatus } from "@/lib/live/run-event-schema";
import { PROTOCOL_COLOR, PROTOCOL_LABEL } from "@/lib/protocol-style";
import { useRunEvents, type Connection } from "./use-run-events";

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

const THROUGHPUT_SERIES = [
  { key: "restRps", label: "REST", color: PROTOCOL_COLOR.rest },
  { key: "grpcRps", label: "gRPC", color: PROTOCOL_COLOR.grpc },
];
const LATENCY_SERIES = [
  { key: "restP50", label: "REST p50", color: PROTOCOL_COLOR.rest },
  { key: "restP99", label: "REST p99", color: PROTOCOL_COLOR.rest, dashed: true },
  { key: "grpcP50", label: "gRPC p50", color: PROTOCOL_COLOR.grpc },
  { key: "grpcP99", label: "gRPC p99", color: PROTOCOL_COLOR.grpc, dashed: true },
];

function ConnectionBadge({ connection }: { connection: Connection }) {
  const text = { connecting: "connecting…", open: "live", reconnecting: "reconnecting…", closed: "finished" }[
    connection
  ];
  return (
    <span
      className={connection === "reconnecting" ? "conn down" : "conn"}
      data-testid="connection"
      data-connection={connection}
    >
      <i />
      {text}
    </span>
  );
}

function groupName(
  group: Pick<LiveGroup, "workload" | "cacheMode" | "trial" | "trials">,
  labels: Record<string, string>,
) {
  const cache = group.cacheMode === "none" ? "" : ` · ${cacheModeLabel(group.cacheMode)}`;
  return `${labels[group.workload] ?? group.workload}${cache} · trial ${group.trial}/${group.trials}`;
}

/** The run while it is queued or measuring: both protocols racing, second by second. */
export function LiveRun({ id, status, position, labels, cellSeconds, summary }: LiveRunProps) {
  const router = useRouter();
  const { state, connection } = useRunEvents(id, { status, position }, () => {
    // The server renders the report (or the failure) at this same permalink.
    router.refresh();
  });
  const [pinned, setPinned] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [progressAt, setProgressAt] = useState(() => Date.now());

  useEffect(() => setProgressAt(Date.now()), [state.progress]);
  useEffect(() => {
    if (state.status !== "running") return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state.status]);

  const group = (pinned ? state.groups.find((g) => g.key === pinned) : null) ?? currentGroup(state);
  const rows = useMemo(() => liveChartRows(group), [group]);
  const warmup = useMemo(() => warmupRange(group), [group]);

  const since = state.status === "running" ? Math.max(0, now - progressAt) : 0;
  const elapsed = state.progress ? state.progress.elapsedMs + since : null;
  const remaining = state.progress ? Math.max(0, state.progress.remainingMs - since) : null;
  const fraction = state.progress?.fraction ?? 0;

  async function cancel() {
    setCancelling(true);
    setCancelError(null);
    const response = await fetch(`/api/runs/${encodeURIComponent(id)}/cancel`, { method: "POST" }).catch(() => null);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
      setCancelError(body?.error?.message ?? "Could not cancel the run.");
      setCancelling(false);
    }
  }

  const current = state.current;
  const final = state.status === "done" || state.status === "failed" || state.status === "cancelled";

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
          <div className="banner banner-info" style={{ marginTop: 14 }} data-testid="queue-position">
            {state.position && state.position > 0 ? (
              <>
                <strong>#{state.position} in the queue.</strong> One run at a time, so REST and gRPC never share the
                machine with another run; yours starts when{" "}
                {state.position === 1 ? "the current run finishes" : `the ${state.position} runs ahead of it finish`}.
              </>
            ) : (
              <strong>Starting…</strong>
            )}
          </div>
        ) : (
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
                <div
                  className="value"
                  style={{ fontSize: 15 }}
                  data-testid="current-cell"
                  data-step={current?.index ?? 0}
                >
                  {current ? (
                    <>
                      <span className={`proto proto-${current.protocol}`}>{PROTOCOL_LABEL[current.protocol]}</span>{" "}
                      {labels[current.workload] ?? current.workload}
                    </>
                  ) : (
                    (state.phase?.message ?? "Preparing…")
                  )}
                </div>
                {current ? (
                  <div className="muted small">
                    {cacheModeLabel(current.cacheMode)} · trial {current.trial} of {current.trials} · step{" "}
                    {current.index} of {current.total}
                  </div>
                ) : null}
              </div>
              <div className="stat">
                <div className="label">Elapsed</div>
                <div className="value num">{formatDuration(elapsed)}</div>
                <div className="muted small">{Math.round(fraction * 100)}% done</div>
              </div>
              <div className="stat">
                <div className="label">Remaining (estimate)</div>
                <div className="value num">{formatDuration(remaining)}</div>
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
        )}
      </div>

      {state.status !== "queued" ? (
        <section className="section">
          <div className="row" style={{ marginBottom: 10 }}>
            <h2>{group ? groupName(group, labels) : "Live samples"}</h2>
            <span className="spacer" />
            {state.groups.length > 1 ? (
              <div className="group-tabs" role="group" aria-label="Cell shown">
                {state.groups.map((g) => (
                  <button
                    key={g.key}
                    type="button"
                    aria-pressed={g.key === group?.key}
                    onClick={() => setPinned(g.key === currentGroup(state)?.key ? null : g.key)}
                  >
                    {labels[g.workload] ?? g.workload}
                    {g.cacheMode === "none" ? "" : ` · ${g.cacheMode}`} · t{g.trial}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <div className="grid-2">
            <ChartCard
              testId="live-throughput"
              title="Throughput per second"
              subtitle="Server-observed requests completed each second, req/s · REST and gRPC of this cell on the same axes"
              legend={protocolLines}
              chart={
                <TimelineChart
                  rows={rows}
                  series={THROUGHPUT_SERIES}
                  format="rps"
                  yLabel="req/s"
                  warmup={warmup}
                  maxX={cellSeconds ?? undefined}
                />
              }
              table={<LiveTable rows={rows} kind="rps" />}
            />
            <ChartCard
              testId="live-latency"
              title="Latency p50 and p99 per second"
              subtitle="Server-observed time per request in each second, ms (lower is better)"
              legend={latencyLines}
              chart={
                <TimelineChart
                  rows={rows}
                  series={LATENCY_SERIES}
                  format="ms"
                  yLabel="ms"
                  warmup={warmup}
                  maxX={cellSeconds ?? undefined}
                />
              }
              table={<LiveTable rows={rows} kind="latency" />}
            />
          </div>
          <p className="muted small" style={{ marginTop: 8 }}>
            Live samples come from the servers&apos; own instrumentation, the same source for both protocols. The report
            uses every request&apos;s client-side latency instead.
            {warmup ? " Shaded: warm-up, discarded from the result." : ""}
          </p>
        </section>
      ) : null}

      {state.messages.length > 0 ? (
        <section className="section">
          <h2>Errors and warnings</h2>
          <div className="card" style={{ marginTop: 10 }}>
            <ul className="messages" data-testid="messages">
              {state.messages.map((m) => (
                <li key={m.key}>
                  <span className={`lvl-${m.level}`}>{m.level === "error" ? "ERROR" : "WARNING"}</span>
                  <span>{m.text}</span>
                  {m.count > 1 ? <span className="muted small num">×{formatCount(m.count)}</span> : null}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {state.cellEnds.length > 0 ? (
        <section className="section">
          <h2>Finished so far</h2>
          <p className="section-sub">
            Each protocol run as it ended (client-side numbers); the report adds confidence intervals across trials.
          </p>
          <div className="card table-wrap">
            <table className="data" data-testid="cell-ends">
              <thead>
                <tr>
                  <th>Workload</th>
                  <th>Cache</th>
                  <th className="r">Trial</th>
                  <th>Protocol</th>
                  <th className="r">req/s</th>
                  <th className="r">p50, ms</th>
                  <th className="r">p99, ms</th>
                  <th className="r">Errors</th>
                </tr>
              </thead>
              <tbody>
                {[...state.cellEnds].reverse().map((c) => (
                  <tr key={c.key}>
                    <td>{labels[c.workload] ?? c.workload}</td>
                    <td>{cacheModeLabel(c.cacheMode)}</td>
                    <td className="r">{c.trial}</td>
                    <td>
                      <span className={`proto proto-${c.protocol}`}>{PROTOCOL_LABEL[c.protocol]}</span>
                    </td>
                    <td className="r">{formatCount(c.rps, c.rps < 100 ? 1 : 0)}</td>
                    <td className="r">{formatMsNumber(c.p50Ms)}</td>
                    <td className="r">{formatMsNumber(c.p99Ms)}</td>
                    <td className="r">{formatCount(c.errors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function LiveTable({ rows, kind }: { rows: ReturnType<typeof liveChartRows>; kind: "rps" | "latency" }) {
  if (rows.length === 0)
    return (
      <div className="chart-empty" style={{ height: 120 }}>
        No samples yet
      </div>
    );
  return (
    <table className="data">
      <thead>
        <tr>
          <th className="r">Second</th>
          {kind === "rps" ? (
            <>
              <th className="r">REST req/s</th>
              <th className="r">gRPC req/s</th>
            </>
          ) : (
            <>
              <th className="r">REST p50, ms</th>
              <th className="r">REST p99, ms</th>
              <th className="r">gRPC p50, ms</th>
              <th className="r">gRPC p99, ms</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.second}>
            <td className="r">{r.second}</td>
            {kind === "rps" ? (
              <>
                <td className="r">{r.restRps === null ? "–" : formatCount(r.restRps, 1)}</td>
                <td className="r">{r.grpcRps === null ? "–" : formatCount(r.grpcRps, 1)}</td>
              </>
            ) : (
              <>
                <td className="r">{formatMsNumber(r.restP50)}</td>
                <td className="r">{formatMsNumber(r.restP99)}</td>
                <td className="r">{formatMsNumber(r.grpcP50)}</td>
                <td className="r">{formatMsNumber(r.grpcP99)}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
