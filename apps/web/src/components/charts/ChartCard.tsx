"use client";

import { useState, type ReactNode } from "react";
import type { LegendItem } from "./legend";

export interface ChartCardProps {
  title: string;
  /** What is measured and in which unit, e.g. "Client latency, ms (lower is better)". */
  subtitle: string;
  legend: LegendItem[];
  chart: ReactNode;
  /** The same numbers as a table, for people who would rather read them. */
  table: ReactNode;
  tall?: boolean;
  /** Explicit chart height in px (horizontal bar charts grow with their rows). */
  height?: number;
  testId?: string;
}

/** Every chart in Relix: a title, its units, a legend, and a Chart/Table switch. */
export function ChartCard({ title, subtitle, legend, chart, table, tall, height, testId }: ChartCardProps) {
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    <figure className="chart-card" data-testid={testId ?? "chart"} data-chart-title={title} style={{ margin: 0 }}>
      <div className="chart-head">
        <div>
          <h3>{title}</h3>
          <div className="chart-sub">{subtitle}</div>
        </div>
        <div className="chart-toggle" role="group" aria-label={`${title}: view`}>
          <button type="button" aria-pressed={view === "chart"} onClick={() => setView("chart")}>
            Chart
          </button>
          <button type="button" aria-pressed={view === "table"} onClick={() => setView("table")}>
            Table
          </button>
        </div>
      </div>
      {view === "chart" ? (
        <>
          <div className="chart-legend" aria-hidden="true">
            {legend.map((item) => (
              <span key={item.label}>
                <i
                  className={item.kind === "line" ? undefined : item.kind}
                  style={{ background: item.color, borderColor: item.color }}
                />
                {item.label}
              </span>
            ))}
          </div>
          <div className={tall ? "chart-body tall" : "chart-body"} style={height ? { height } : undefined}>
            {chart}
          </div>
        </>
      ) : (
        <div className="table-wrap" data-testid="chart-table">
          {table}
        </div>
      )}
    </figure>
  );
}
