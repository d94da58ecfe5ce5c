/** The figures bench:pinning compares, read from one run's result. */
import type { RunResult } from "@relix/core";

export type Mode = "off" | "on";
/** One figure of one run: `${workload} ${side} ${metric}`. */
export type Figures = Map<string, number>;

export function figuresOf(result: RunResult): Figures {
  const figures: Figures = new Map();
  for (const cell of result.cells) {
    for (const side of ["rest", "grpc"] as const) {
      figures.set(`${cell.workload} ${side} rps`, cell[side].rps);
      figures.set(`${cell.workload} ${side} p50 ms`, cell[side].latencyMs.p50);
    }
    // REST p50 over gRPC p50: above 1 means gRPC answers faster.
    figures.set(`${cell.workload} p50 ratio`, cell.rest.latencyMs.p50 / cell.grpc.latencyMs.p50);
  }
  return figures;
}
