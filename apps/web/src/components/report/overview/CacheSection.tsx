import type { RunResult } from "@relix/core/result/result-schema";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes } from "@/components/charts/legend";
import { formatCount, formatMsNumber, formatPercent } from "@/lib/format";
import { cacheComparisons } from "@/lib/report/report-rows";

/** The same workload warm, cold and on the miss path: what the cache is worth on each protocol. */
export function CacheSection({ result }: { result: RunResult }) {
  const cache = cacheComparisons(result.cells);
  if (cache.length === 0) return null;
  return (
    <section className="section" data-testid="cache-section">
      <h2>Cache: warm vs cold</h2>
      <p className="section-sub">
        The same workload with every read a Redis hit (warm), straight from MySQL (cold), or the cache-aside miss path.
      </p>
      <div className="grid-2">
        {cache.map((c) => (
          <ChartCard
            key={c.workload}
            title={`${c.label}: p50 by cache mode`}
            subtitle="Client p50 latency, ms (lower is better)"
            legend={protocolBoxes}
            chart={
              <BarPairChart
                rows={c.rows.map((r) => ({ category: r.cacheMode, rest: r.restP50, grpc: r.grpcP50 }))}
                format="ms"
                yLabel="ms"
                xLabel="cache mode"
              />
            }
            table={
              <DataTable
                columns={[
                  { label: "Cache" },
                  { label: "REST p50, ms", align: "right" },
                  { label: "gRPC p50, ms", align: "right" },
                  { label: "REST req/s", align: "right" },
                  { label: "gRPC req/s", align: "right" },
                  { label: "Hit ratio REST / gRPC", align: "right" },
                ]}
                rows={c.rows.map((r) => [
                  r.cacheMode,
                  formatMsNumber(r.restP50),
                  formatMsNumber(r.grpcP50),
                  formatCount(r.restRps),
                  formatCount(r.grpcRps),
                  `${formatPercent(r.restHitRatio)} / ${formatPercent(r.grpcHitRatio)}`,
                ])}
              />
            }
          />
        ))}
      </div>
    </section>
  );
}
