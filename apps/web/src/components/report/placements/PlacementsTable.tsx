import type { PlacementGroup } from "@relix/core/render/answer/placements";
import { DataTable } from "@/components/charts/DataTable";
import { formatMs } from "@/lib/format";

function status(group: PlacementGroup) {
  const record = group.record;
  if (!record) return "no record";
  if (record.status === "measured") return "measured";
  return (
    <span className="error-text" data-testid="placement-refused">
      refused: {record.reason ?? "no reason recorded"}
    </span>
  );
}

/** Each placement's target and measured round trip, its shaping, its emulator, and whether it was measured or refused. */
export function PlacementsTable({ groups }: { groups: PlacementGroup[] }) {
  return (
    <div className="table-wrap card" style={{ marginTop: 12 }}>
      <DataTable
        caption="Each placement: target and measured round-trip time"
        columns={[
          { label: "Placement" },
          { label: "Target RTT", align: "right" },
          { label: "Measured RTT", align: "right" },
          { label: "Jitter / bandwidth" },
          { label: "Emulator" },
          { label: "Status" },
        ]}
        rows={groups.map((group) => [
          <strong key="name">{group.name}</strong>,
          group.record ? formatMs(group.record.targetRttMs) : "–",
          group.record ? formatMs(group.record.measuredRttMs) : "–",
          group.record
            ? [
                group.record.jitterMs > 0 ? `± ${formatMs(group.record.jitterMs)}` : null,
                group.record.bandwidthMbps !== null ? `${group.record.bandwidthMbps} Mbit/s` : null,
              ]
                .filter(Boolean)
                .join(" · ") || "–"
            : "–",
          group.record?.emulator ?? "–",
          status(group),
        ])}
      />
    </div>
  );
}
