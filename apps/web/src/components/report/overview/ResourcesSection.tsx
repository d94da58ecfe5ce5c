import type { RunResult } from "@relix/core/result/result-schema";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes } from "@/components/charts/legend";
import { formatBytes, formatCount, formatMsNumber } from "@/lib/format";
import { resourceRows } from "@/lib/report/report-rows";
import { rowsHeight } from "../report-layout";

/** What each API process spent: CPU per 1,000 requests and peak memory. */
export function ResourcesSection({ result }: { result: RunResult }) {
  const resources = resourceRows(result.cells);
  return (
    <section className="section">
      <h2>Server resources</h2>
      <p className="section-sub">
        Measured on each API process: CPU time per 1,000 requests served, and the process&apos;s peak resident memory.
      </p>
      <div className="grid-2">
        <ChartCard
          title="Server CPU per 1,000 requests"
          subtitle="CPU time (user + system), ms per 1,000 requests (lower is better)"
          legend={protocolBoxes}
          height={rowsHeight(resources.length, 2)}
          chart={
            <BarPairChart
              rows={resources.map((r) => ({ category: r.cell, rest: r.restCpu, grpc: r.grpcCpu }))}
              format="cpuMs"
              yLabel="CPU ms / 1,000 req"
              horizontal
            />
          }
          table={
            <DataTable
              columns={[
                { label: "Cell" },
                { label: "REST, ms", align: "right" },
                { label: "gRPC, ms", align: "right" },
                { label: "Server time REST / gRPC, ms", align: "right" },
              ]}
              rows={resources.map((r) => [
                r.cell,
                formatCount(r.restCpu, 1),
                formatCount(r.grpcCpu, 1),
                `${formatMsNumber(r.restServerMs)} / ${formatMsNumber(r.grpcServerMs)}`,
              ])}
            />
          }
        />
        <ChartCard
          title="Peak RSS"
          subtitle="Peak resident set size of each API process, bytes"
          legend={protocolBoxes}
          height={rowsHeight(resources.length, 2)}
          chart={
            <BarPairChart
              rows={resources.map((r) => ({ category: r.cell, rest: r.restRss, grpc: r.grpcRss }))}
              format="bytes"
              yLabel="bytes"
              horizontal
            />
          }
          table={
            <DataTable
              columns={[{ label: "Cell" }, { label: "REST", align: "right" }, { label: "gRPC", align: "right" }]}
              rows={resources.map((r) => [r.cell, formatBytes(r.restRss), formatBytes(r.grpcRss)])}
            />
          }
        />
      </div>
    </section>
  );
}
