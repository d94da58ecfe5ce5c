import type { LiveGroup } from "@/lib/live/live-state";

/** One tab per cell measured so far; picking the cell being measured follows it again (`onPick(null)`). */
export function CellTabs({
  groups,
  shownKey,
  currentKey,
  labels,
  onPick,
}: {
  groups: readonly LiveGroup[];
  /** The key of the cell the charts show. */
  shownKey: string | undefined;
  /** The key of the cell being measured. */
  currentKey: string | null;
  labels: Record<string, string>;
  onPick: (key: string | null) => void;
}) {
  return (
    <div className="group-tabs" role="group" aria-label="Cell shown">
      {groups.map((g) => (
        <button
          key={g.key}
          type="button"
          aria-pressed={g.key === shownKey}
          onClick={() => onPick(g.key === currentKey ? null : g.key)}
        >
          {labels[g.workload] ?? g.workload}
          {g.cacheMode === "none" ? "" : ` · ${g.cacheMode}`}
          {g.placement ? ` · ${g.placement}` : ""}
          {g.stack ? ` · ${g.stack}` : ""}
          {g.point ? ` · ${g.point}` : ""} · t{g.trial}
        </button>
      ))}
    </div>
  );
}
