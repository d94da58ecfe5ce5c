import type { RunResult } from "@relix/core/result/result-schema";
import { figureSpeedup, publishedFiguresOfResult } from "@relix/core/presets/published-figures";
import { findPreset } from "@relix/core/presets/presets";
import { describeEnvironment, describeLoad, resultWarnings } from "@/lib/report/run-description";
import { BarPairChart } from "@/components/charts/BarPairChart";
import { ChartCard } from "@/components/charts/ChartCard";
import { DataTable } from "@/components/charts/DataTable";
import { protocolBoxes } from "@/components/charts/legend";
import { SpeedupChart } from "@/components/charts/SpeedupChart";
import { Proto, Winner } from "@/components/ui/Proto";
import {
  cacheModeLabel,
  formatBytes,
  formatCount,
  formatDuration,
  formatMsNumber,
  formatPercent,
  formatRatio,
  formatTimestamp,
} from "@/lib/format";
import {
  cacheComparisons,
  cellAnchor,
  cellTitle,
  resourceRows,
  runHeadline,
  saturationWarnings,
  speedupRows,
  throughputRows,
} from "@/lib/report/report-rows";
import { CellSection } from "./CellSection";
import { PublishedChart } from "./PublishedChart";

/** Cells beyond this many start collapsed, so a 40-workload run still opens quickly. */
const OPEN_CELLS = 8;

const speedupLegend = [
  { label: "gRPC better (CI above 1)", color: "#2563eb", kind: "box" as const },
  { label: "REST better (CI below 1)", color: "#d97706", kind: "box" as const },
  { label: "no significant difference", color: "#94a3b8", kind: "box" as const },
];

/** The finished run, server-rendered: verdicts first, then the evidence for each. */
export function Report({ result }: { result: RunResult }) {
  const warnings = resultWarnings(result);
  const p50 = speedupRows(result.cells, "p50");
  const throughput = throughputRows(result.cells);
  const cache = cacheComparisons(result.cells);
  const resources = resourceRows(result.cells);
  const saturation = saturationWarnings(result);
  const published = publishedFiguresOfResult(result);
  const preset = result.spec.preset ? findPreset(result.spec.preset) : undefined;
  const single = result.cells.length === 1 ? result.cells[0] : undefined;

  return (
    <div data-testid="report">
      {warnings.length > 0 ? (
        <div className="section" style={{ marginTop: 0 }} data-testid="warnings">
          {warnings.map((w) => (
            <div key={w} className="banner banner-warn">
              {w}
            </div>
          ))}
        </div>
      ) : null}

      <section className="card card-pad section" style={warnings.length > 0 ? undefined : { marginTop: 0 }}>
        <div className="muted small">Verdict</div>
        <p className="verdict-hero" data-testid="headline">
          {single ? (
            <Winner winner={single.comparisons.find((c) => c.metric === "p50")?.winner ?? "none"}>
              {single.verdict}
            </Winner>
          ) : (
            runHeadline(result)
          )}
        </p>
        <p className="muted small" style={{ marginTop: 6 }}>
          Speedup &gt; 1 means gRPC did better (REST/gRPC for latency, gRPC/REST for throughput). A winner is named only
          when the whole {result.spec.trials > 1 ? "95% confidence interval" : "estimate (1 trial: no interval)"} is on
          one side of 1.
        </p>
        <p className="small" style={{ marginTop: 4 }}>
          <span className="muted">Load:</span> {describeLoad(result)}
        </p>
        <div className="table-wrap" style={{ marginTop: 14 }}>
          <table className="data" data-testid="verdicts">
            <thead>
              <tr>
                <th>Workload</th>
                <th>Cache</th>
                <th>At p50</th>
                <th>At p99</th>
                <th>Throughput</th>
              </tr>
            </thead>
            <tbody>
              {result.cells.map((cell) => (
                <tr key={`${cell.workload}|${cell.cacheMode}`}>
                  <td>
                    <a href={`#${cellAnchor(cell)}`}>{cell.label}</a>
                  </td>
                  <td>{cacheModeLabel(cell.cacheMode)}</td>
                  {(["p50", "p99", "rps"] as const).map((metric) => {
                    const c = cell.comparisons.find((x) => x.metric === metric);
                    return <td key={metric}>{c ? <Winner winner={c.winner}>{c.text}</Winner> : "–"}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section">
        <h2>Overview</h2>
        <div className="grid-2" style={{ marginTop: 12 }}>
          <ChartCard
            title="gRPC speedup at p50, with 95% CI"
            subtitle="REST p50 / gRPC p50 per cell, × (> 1: gRPC faster)"
            legend={speedupLegend}
            height={rowsHeight(p50.length, 1)}
            chart={
              <SpeedupChart
                rows={p50.map((r) => ({
                  cell: r.cell,
                  speedup: r.speedup,
                  error: r.error,
                  winner: r.winner,
                  text: r.text,
                }))}
                metricLabel="p50"
              />
            }
            table={
              <DataTable
                columns={[
                  { label: "Cell" },
                  { label: "Speedup", align: "right" },
                  { label: "95% CI", align: "right" },
                  { label: "Verdict" },
                ]}
                rows={p50.map((r) => [
                  r.cell,
                  formatRatio(r.speedup),
                  r.degenerate ? "1 trial" : `${r.low.toFixed(2)}–${r.high.toFixed(2)}`,
                  r.text,
                ])}
              />
            }
          />
          <ChartCard
            title="Throughput"
            subtitle="Successful responses per second of the measured window, req/s · median of trials (higher is better)"
            legend={protocolBoxes}
            height={rowsHeight(throughput.length, 2)}
            chart={
              <BarPairChart
                rows={throughput.map((r) => ({ category: r.cell, rest: r.rest, grpc: r.grpc }))}
                format="rps"
                yLabel="req/s"
                horizontal
              />
            }
            table={
              <DataTable
                columns={[
                  { label: "Cell" },
                  { label: "REST req/s", align: "right" },
                  { label: "gRPC req/s", align: "right" },
                  { label: "gRPC / REST", align: "right" },
                ]}
                rows={throughput.map((r) => [
                  r.cell,
                  formatCount(r.rest, 1),
                  formatCount(r.grpc, 1),
                  r.rest && r.grpc ? formatRatio(r.grpc / r.rest) : "–",
                ])}
              />
            }
          />
        </div>
      </section>

      <section className="section">
        <h2>Per workload</h2>
        {result.cells.map((cell, i) =>
          i < OPEN_CELLS ? (
            <CellSection key={`${cell.workload}|${cell.cacheMode}`} cell={cell} />
          ) : (
            <details key={`${cell.workload}|${cell.cacheMode}`} className="card card-pad cell-section advanced">
              <summary>
                {cellTitle(cell)} <span className="muted small">{cell.verdict}</span>
              </summary>
              <CellSection cell={cell} />
            </details>
          ),
        )}
      </section>

      {cache.length > 0 ? (
        <section className="section" data-testid="cache-section">
          <h2>Cache: warm vs cold</h2>
          <p className="section-sub">
            The same workload with every read a Redis hit (warm), straight from MySQL (cold), or the cache-aside miss
            path.
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
      ) : null}

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

      <section className="section" data-testid="generator-section">
        <h2>Load generators</h2>
        <p className="section-sub">
          autocannon (REST) is one thread; ghz (gRPC) uses every core and competes with the servers. A saturated
          generator measures itself, not the API.
        </p>
        {saturation.length > 0 ? (
          <div className="banner banner-warn" style={{ marginBottom: 10 }} data-testid="saturation">
            <strong>Generator saturation:</strong>{" "}
            {saturation
              .map(
                (s) =>
                  `${s.tool} for ${s.protocol === "rest" ? "REST" : "gRPC"} ${s.cell}${s.cpuFraction !== null ? ` at ${Math.round(s.cpuFraction * 100)}% CPU` : ""}${s.trials.length ? ` (trial ${s.trials.join(", ")})` : ""}`,
              )
              .join("; ")}
            . Treat those cells&apos; numbers as a lower bound of what the server can do.
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
            rows={result.cells.map((cell) => [
              cellTitle(cell),
              `${cell.rest.generator.tool} ${formatPercent(cell.rest.generator.cpuFraction)}${cell.rest.generator.saturated ? " ⚠" : ""}`,
              `${cell.grpc.generator.tool} ${formatPercent(cell.grpc.generator.cpuFraction)}${cell.grpc.generator.saturated ? " ⚠" : ""}`,
            ])}
          />
        </div>
      </section>

      {published.length > 0 ? (
        <section className="section" data-testid="published-section">
          <h2>Published vs measured</h2>
          <p className="section-sub">
            What the study reported beside what this run measured. Absolute numbers depend on the machine; compare the
            speedups (&gt; 1: gRPC better).
          </p>
          <div className="grid-2">
            <ChartCard
              title="Speedup: published vs measured"
              subtitle="gRPC's advantage per figure, × (> 1: gRPC better)"
              legend={[
                { label: "published", color: "#64748b", kind: "box" },
                { label: "measured", color: "#0f172a", kind: "box" },
              ]}
              height={rowsHeight(published.length, 2)}
              chart={
                <PublishedChart
                  rows={published.map((f) => ({
                    figure: `${f.workload} ${f.label}`.slice(0, 48),
                    published: figureSpeedup(f.unit, f.published.rest, f.published.grpc),
                    measured: figureSpeedup(f.unit, f.measured.rest, f.measured.grpc),
                  }))}
                />
              }
              table={
                <DataTable
                  columns={[
                    { label: "Figure" },
                    { label: "Unit" },
                    { label: "REST published", align: "right" },
                    { label: "REST measured", align: "right" },
                    { label: "gRPC published", align: "right" },
                    { label: "gRPC measured", align: "right" },
                  ]}
                  rows={published.map((f) => [
                    `${f.workload} · ${f.label}`,
                    f.unit,
                    figure(f.published.rest),
                    figure(f.measured.rest),
                    figure(f.published.grpc),
                    figure(f.measured.grpc),
                  ])}
                />
              }
            />
            <div className="card table-wrap">
              <DataTable
                columns={[
                  { label: "Figure" },
                  { label: "Speedup published", align: "right" },
                  { label: "Speedup measured", align: "right" },
                ]}
                rows={published.map((f) => {
                  const pub = figureSpeedup(f.unit, f.published.rest, f.published.grpc);
                  const mea = figureSpeedup(f.unit, f.measured.rest, f.measured.grpc);
                  return [
                    <span key="f" title={f.note}>
                      <code>{f.workload}</code> {f.label}
                    </span>,
                    pub === null ? "–" : formatRatio(pub),
                    mea === null ? "–" : formatRatio(mea),
                  ];
                })}
              />
            </div>
          </div>
        </section>
      ) : null}

      <section className="section">
        <h2>Environment and exact spec</h2>
        <div className="grid-2" style={{ marginTop: 12 }}>
          <div className="card table-wrap" data-testid="environment">
            <table className="data kv">
              <tbody>
                <tr>
                  <td>CPU</td>
                  <td>
                    {result.environment.cpuModel} · {result.environment.cores} cores
                  </td>
                </tr>
                <tr>
                  <td>Memory</td>
                  <td>{formatBytes(result.environment.totalMemoryBytes)}</td>
                </tr>
                <tr>
                  <td>Platform</td>
                  <td>{result.environment.platform}</td>
                </tr>
                <tr>
                  <td>Node</td>
                  <td>{result.environment.node}</td>
                </tr>
                <tr>
                  <td>autocannon / ghz</td>
                  <td>
                    {result.environment.versions.autocannon ?? "?"} / {result.environment.versions.ghz ?? "?"}
                  </td>
                </tr>
                <tr>
                  <td>Redis / MySQL</td>
                  <td>
                    {result.environment.versions.redis ?? "?"} / {result.environment.versions.mysql ?? "?"}
                  </td>
                </tr>
                <tr>
                  <td>Backends</td>
                  <td>
                    cache {result.environment.backends.cache}, store {result.environment.backends.store} (
                    {result.environment.backends.origin})
                  </td>
                </tr>
                <tr>
                  <td>Measured</td>
                  <td>
                    {formatTimestamp(result.createdAt)} → {formatTimestamp(result.finishedAt)} (
                    {formatDuration(Date.parse(result.finishedAt) - Date.parse(result.createdAt))})
                  </td>
                </tr>
                {result.importedAt ? (
                  <tr>
                    <td>Imported</td>
                    <td>{formatTimestamp(result.importedAt)}</td>
                  </tr>
                ) : null}
                <tr>
                  <td>Summary</td>
                  <td className="small">{describeEnvironment(result)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          <div>
            <pre className="spec" data-testid="spec">
              {JSON.stringify(result.spec, null, 2)}
            </pre>
          </div>
        </div>
        {preset && preset.notes.length > 0 ? (
          <div className="card card-pad" style={{ marginTop: 16 }}>
            <h3>About the {preset.title} preset</h3>
            <p className="muted" style={{ marginTop: 4 }}>
              {preset.description}
            </p>
            <ul className="small" style={{ margin: "8px 0 0", paddingLeft: 18 }}>
              {preset.notes.map((n) => (
                <li key={n} style={{ marginTop: 4 }}>
                  {n}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="muted small" style={{ marginTop: 12 }}>
          Legend everywhere: <Proto protocol="rest" /> Express, HTTP/1.1 + JSON · <Proto protocol="grpc" /> grpc-js,
          HTTP/2 + protobuf.
        </p>
      </section>
    </div>
  );
}

/** Horizontal bar charts: enough room per row for `bars` bars, never less than the usual card. */
function rowsHeight(rows: number, bars: number): number {
  return Math.max(260, 60 + rows * (bars === 1 ? 30 : 38));
}

function figure(value: number | null): string {
  if (value === null) return "–";
  return Math.abs(value) >= 100 ? formatCount(value) : String(+value.toFixed(3));
}
