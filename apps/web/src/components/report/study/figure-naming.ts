import type { RunResult } from "@relix/core/result/result-schema";
import { hasPlacements } from "@relix/core/render/answer/placements";

/** What a published figure's row adds to its name. */
export interface FigureNaming {
  /** " @ placement" where the study was measured under several placements; "" else. */
  where: (placement: string) => string;
  /** " [n]": the number of the figure's note in the list under the tables; "" for a figure without one. */
  marker: (note: string | undefined) => string;
}

/** How this run's published figures are named, given their distinct notes in the order they are listed. */
export function figureNaming(result: RunResult, notes: readonly string[]): FigureNaming {
  return {
    // A study measured under several placements has one figure per placement: name it on each row.
    where: (placement) => (hasPlacements(result) ? ` @ ${placement}` : ""),
    marker: (note) => (note === undefined ? "" : ` [${notes.indexOf(note) + 1}]`),
  };
}
