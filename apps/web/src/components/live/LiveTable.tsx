import { formatCount, formatMsNumber } from "@/lib/format";
import type { liveChartRows } from "@/lib/live/live-chart-rows";

/** The numbers behind a live chart, for the chart's Table view. */
export function LiveTable({ rows, kind }: { rows: ReturnType<typeof liveChartRows>; kind: "rps" | "latency" }) {
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
