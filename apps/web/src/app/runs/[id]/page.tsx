import { workloads as sharedWorkloads } from "@relix/core/catalog/catalog";
import { findPreset } from "@relix/core/presets/presets";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveRun } from "@/components/live/LiveRun";
import { Report } from "@/components/report/Report";
import { RunnerDown } from "@/components/ui/RunnerDown";
import { StatusPill } from "@/components/ui/StatusPill";
import { formatDuration, formatTimestamp } from "@/lib/format";
import { resultOfRun, type ResultOutcome } from "@/server/run-result";
import { runner, type RunView } from "@/server/runner-client";
import { explainRunnerError } from "@/server/runner-errors";
import { webEnv } from "@/server/env";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const publicUrl = webEnv().WEB_PUBLIC_URL;
  // The preview image route (opengraph-image.tsx) is named from this base in og:image.
  return { title: `Run ${id.slice(0, 12)}`, ...(publicUrl ? { metadataBase: new URL(publicUrl) } : {}) };
}

const labels: Record<string, string> = Object.fromEntries(sharedWorkloads.map((w) => [w.id, w.label]));

function specSummary(spec: Record<string, unknown> | null | undefined): string {
  if (!spec) return "";
  const workloads = Array.isArray(spec.workloads) ? spec.workloads.length : 0;
  const modes = Array.isArray(spec.cacheModes) ? (spec.cacheModes as string[]).join("/") : "";
  // A live run names its placements once there is more than loopback (the report says more).
  const network = Array.isArray(spec.network)
    ? (spec.network as unknown[]).map((p) =>
        typeof p === "string" ? p : typeof p === "object" && p !== null && "name" in p ? String(p.name) : "?",
      )
    : [];
  const parts = [
    `${workloads} workload${workloads === 1 ? "" : "s"}`,
    modes && `cache ${modes}`,
    network.some((p) => p !== "loopback") && `network ${network.join("/")}`,
    typeof spec.connections === "number" && `${spec.connections} in flight`,
    typeof spec.durationMs === "number" && `${formatDuration(spec.durationMs)} window`,
    typeof spec.warmupMs === "number" && `${formatDuration(spec.warmupMs)} warm-up`,
    typeof spec.trials === "number" && `${spec.trials} trial${spec.trials === 1 ? "" : "s"}`,
    typeof spec.rate === "number" ? `open loop ${spec.rate} req/s` : "closed loop",
  ];
  return parts.filter(Boolean).join(" · ");
}

/** The permalink: live while the run is queued or running, the report once it is done. */
export default async function RunPage({ params }: Params) {
  const { id } = await params;
  let run: RunView | null;
  try {
    run = await runner().getRun(id);
  } catch (error) {
    const message = explainRunnerError(error);
    if (message === null) throw error;
    return <RunnerDown message={message} />;
  }
  if (!run) notFound();

  let outcome: ResultOutcome | null = null;
  if (run.status === "done") outcome = await resultOfRun(runner(), run);

  const preset = run.preset ?? (typeof run.spec?.preset === "string" ? run.spec.preset : null);
  const title = preset ? (findPreset(preset)?.title ?? `Preset ${preset}`) : "Custom run";
  const cellSeconds =
    typeof run.spec?.durationMs === "number" && typeof run.spec?.warmupMs === "number"
      ? Math.ceil((run.spec.durationMs + run.spec.warmupMs) / 1000)
      : null;

  return (
    <>
      <div className="page-head">
        <div>
          <div className="row">
            <h1>{title}</h1>
            {preset ? <code className="tag">{preset}</code> : null}
            <StatusPill status={run.status} />
            {run.imported ? <span className="tag">imported</span> : null}
          </div>
          <p>
            Run <code data-testid="run-id">{run.id}</code> · created {formatTimestamp(run.createdAt)}
            {run.finishedAt ? ` · finished ${formatTimestamp(run.finishedAt)}` : ""}
          </p>
        </div>
        {run.status === "done" && outcome?.ok ? (
          <div className="row" data-testid="exports">
            <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/json`} download>
              Result JSON
            </a>
            <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/csv`} download>
              CSV
            </a>
            <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/md`} download>
              Markdown
            </a>
            {outcome.result.sweep ? (
              <a className="btn btn-small" href={`/api/runs/${encodeURIComponent(id)}/export/sweep-csv`} download>
                Sweep CSV
              </a>
            ) : null}
            <Link className="btn btn-small" href={`/runs?compare=${encodeURIComponent(id)}`}>
              Compare…
            </Link>
          </div>
        ) : null}
      </div>

      {run.status === "queued" || run.status === "running" ? (
        <LiveRun
          id={run.id}
          status={run.status}
          position={run.position}
          labels={labels}
          cellSeconds={cellSeconds}
          summary={specSummary(run.spec)}
        />
      ) : run.status === "done" ? (
        outcome?.ok ? (
          <Report result={outcome.result} />
        ) : (
          <div className="banner banner-bad" role="alert">
            <strong>This run finished, but its result cannot be shown.</strong>{" "}
            {outcome ? outcome.error : "The runner has no result for it."}
          </div>
        )
      ) : (
        <div className="stack">
          <div
            className={run.status === "failed" ? "banner banner-bad" : "banner banner-info"}
            role="status"
            data-testid="run-ended"
          >
            <strong>{run.status === "failed" ? "This run failed." : "This run was cancelled."}</strong>{" "}
            {run.reason ?? ""}
          </div>
          <div className="card card-pad">
            <h3>What it was asked to measure</h3>
            <p className="muted small" style={{ marginTop: 4 }}>
              {specSummary(run.spec)}
            </p>
            <pre className="spec" style={{ marginTop: 10 }}>
              {JSON.stringify(run.spec ?? {}, null, 2)}
            </pre>
            <div className="row" style={{ marginTop: 12 }}>
              <Link className="btn btn-primary" href={preset ? `/?preset=${encodeURIComponent(preset)}` : "/"}>
                Start a new run
              </Link>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
