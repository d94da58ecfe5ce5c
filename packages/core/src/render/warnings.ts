import type { CellResult, Protocol, RunResult } from "../result/result-schema";

const PROTOCOL: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

export function cellName(cell: Pick<CellResult, "workload" | "cacheMode">): string {
  return cell.cacheMode === "none" ? cell.workload : `${cell.workload} (${cell.cacheMode})`;
}

/**
 * What a reader must know before trusting the numbers, most serious first: the engine's own
 * warnings, then what the result itself shows (embedded backends, a saturated load generator,
 * failed calls). Every output prints these; identical lines are kept once.
 */
export function resultWarnings(result: RunResult): string[] {
  const warnings: string[] = [];
  const { backends } = result.environment;
  if (backends.origin === "embedded" || backends.cache === "embedded" || backends.store === "embedded") {
    warnings.push(
      `EMBEDDED BACKENDS (cache: ${backends.cache}, store: ${backends.store}): no real Redis/MySQL was used, so these numbers do not measure the real experiment.`,
    );
  }
  warnings.push(...result.warnings);
  for (const cell of result.cells) {
    for (const protocol of ["rest", "grpc"] as const) {
      const side = cell[protocol];
      if (side.generator.saturated) {
        const cpu =
          side.generator.cpuFraction === null ? "" : ` at ${Math.round(side.generator.cpuFraction * 100)}% CPU`;
        warnings.push(
          `LOAD GENERATOR SATURATED: ${side.generator.tool}${cpu} for ${PROTOCOL[protocol]} ${cellName(cell)}: its numbers may measure the generator, not the server.`,
        );
      }
      if (side.errors.total > 0) {
        const codes = Object.entries(side.errors.byCode)
          .map(([code, count]) => `${code} x${count}`)
          .join(", ");
        warnings.push(
          `ERRORS: ${side.errors.total} failed calls for ${PROTOCOL[protocol]} ${cellName(cell)}${codes ? ` (${codes})` : ""}; left out of latency.`,
        );
      }
    }
  }
  return [...new Set(warnings)];
}
