import { findPreset } from "@relix/core/presets/presets";
import type { ReactNode } from "react";
import { StatusPill } from "@/components/ui/StatusPill";
import { formatTimestamp } from "@/lib/format";
import type { RunView } from "@/server/runner-client";

/** The run's title (its preset's), status and times; `children` go on the right (the downloads). */
export function RunHeader({ run, preset, children }: { run: RunView; preset: string | null; children?: ReactNode }) {
  const title = preset ? (findPreset(preset)?.title ?? `Preset ${preset}`) : "Custom run";
  return (
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
      {children}
    </div>
  );
}
