import type { CellResult, Protocol } from "../result/result-schema";
import type { StackId } from "../stacks/stacks";
import type { SweepCoords } from "../sweep/sweep-result";

/** "warning": the numbers may be wrong or mean something else; "note": how to read them. */
export type FindingSeverity = "warning" | "note";

/** The cell (and protocol) a finding is about; a finding about the whole run has none. */
export interface FindingSubject {
  workload: string;
  cacheMode: CellResult["cacheMode"];
  protocol?: Protocol;
  /** A stack beyond express and grpc-js (their findings name the protocol only, as before). */
  stack?: StackId;
  /**
   * Which of the run's cells of this workload and cache mode: its placement and sweep point, when
   * it has them. Kept so that a finding repeated over many cells can be counted and listed per cell.
   */
  placement?: CellResult["placement"];
  coords?: SweepCoords;
}

/** The subject of a finding about one cell: its workload, cache mode, and where in the grid it sits. */
export function cellSubject(
  cell: Pick<CellResult, "workload" | "cacheMode" | "placement" | "coords">,
): Pick<FindingSubject, "workload" | "cacheMode" | "placement" | "coords"> {
  return {
    workload: cell.workload,
    cacheMode: cell.cacheMode,
    ...(cell.placement !== undefined ? { placement: cell.placement } : {}),
    ...(cell.coords !== undefined ? { coords: cell.coords } : {}),
  };
}

/**
 * One thing a reader must know about a result, in the words every output uses (render/findings/
 * writes them from the result's facts and figures; this is their shape).
 */
export interface Finding {
  /** The fact kind it comes from, "errors", "embedded-backends", or "recorded" (an older result's own words). */
  kind: string;
  severity: FindingSeverity;
  /** One sentence, complete on its own (it names its cell and protocol). */
  text: string;
  about?: FindingSubject;
}
