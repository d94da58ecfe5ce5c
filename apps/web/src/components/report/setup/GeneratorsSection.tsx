import type { RunResult } from "@relix/core/result/result-schema";
import { DataTable } from "@/components/charts/DataTable";
import { formatPercent } from "@/lib/format";
import { cellTitle } from "@/lib/report/report-rows";
import type { Finding } from "@/lib/report/run-description";

/**
 * Each cell's load generators and their CPU. Which ones were saturated is a finding, said once in
 * the warnings at the top; here the rows carry a mark and the banner points there.
 */
export function GeneratorsSection({ result, findings }: { result: RunResult; findings: Finding[] }) {
  const saturated = findings.filter((f) => f.kind === "generator-saturated").length;
  const mark = (side: RunResult["cells"][number]["rest"]) =>
    `${side.generator.tool} ${formatPercent(side.generator.cpuFraction)}${side.generator.saturated ? " ⚠" : ""}`;
  return (
    <section className="section" data-testid="generator-section">
      <h2>Load generators</h2>
      <p className="section-sub">
        autocannon (REST) is one thread; ghz (gRPC) uses every core and competes with the servers. A saturated generator
        measures itself, not the API.
      </p>
      {saturated > 0 ? (
        <div className="banner banner-warn" style={{ marginBottom: 10 }} data-testid="saturation">
          <strong>Generator saturation:</strong> {saturated} of the runs below (marked ⚠) reached the saturation rule:
          see the warnings at the top. Treat those cells&apos; numbers as a lower bound of what the server can do.
        </div>
      ) : (
        <div className="banner banner-info" style={{ marginBottom: 10 }}>
          No load generator reached saturation.
        </div>
      )}
      <div className="card table-wrap">
        <DataTable
          columns={[
            { label: "Cell" },
            { label: "REST tool, CPU", align: "right" },
            { label: "gRPC tool, CPU", align: "right" },
          ]}
          rows={result.cells.map((cell) => [cellTitle(cell), mark(cell.rest), mark(cell.grpc)])}
        />
      </div>
    </section>
  );
}
