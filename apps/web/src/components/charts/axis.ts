// Shared recharts styling so every chart reads the same.
export const AXIS_TICK = { fontSize: 11, fill: "#64748b" } as const;
export const GRID_STROKE = "#e8edf3";
export const TOOLTIP_STYLE = {
  contentStyle: {
    fontSize: 12,
    borderRadius: 6,
    border: "1px solid #cbd5e1",
    boxShadow: "0 2px 8px rgba(15,23,42,.08)",
  },
  labelStyle: { fontWeight: 600, color: "#0f172a" },
} as const;

export function axisLabel(value: string, axis: "x" | "y") {
  return axis === "y"
    ? {
        value,
        angle: -90,
        position: "insideLeft" as const,
        offset: 14,
        style: { fontSize: 11, fill: "#64748b", textAnchor: "middle" as const },
      }
    : { value, position: "insideBottom" as const, offset: -2, style: { fontSize: 11, fill: "#64748b" } };
}

/** Evenly spaced ticks from 0 for a speedup axis (×), with 1 among them. */
export function speedupTicks(max: number): number[] {
  const step = max <= 2 ? 0.25 : max <= 4 ? 0.5 : Math.ceil(max / 8);
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => +(i * step).toFixed(2));
}
