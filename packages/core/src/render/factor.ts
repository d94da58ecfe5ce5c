// One way of writing a ratio everywhere a short report gives one: the faster (or larger) side
// named and the factor above 1, "gRPC 1.49x", never "0.67x". An interval that stays on one side
// is written in that side's factor, "[1.30-1.70]"; one that spans parity names both ends,
// "[REST 1.18x – gRPC 2.06x]".
import type { Protocol } from "../domain/protocol";
import type { RatioCI } from "../stats/bootstrap";

const LABEL: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

/** The side a ratio of `direction` favours when it is above 1 (rest/grpc: gRPC took less; grpc/rest: gRPC did more). */
const aboveOneFavours = (ci: Pick<RatioCI, "ratio">): Protocol => (ci.ratio === "rest/grpc" ? "grpc" : "rest");

/** The side a value of the ratio favours, and its factor (at least 1). */
export function sideFactor(ci: Pick<RatioCI, "ratio">, value: number): { side: Protocol; factor: number } {
  const up = aboveOneFavours(ci);
  const down: Protocol = up === "grpc" ? "rest" : "grpc";
  return value >= 1 ? { side: up, factor: value } : { side: down, factor: 1 / value };
}

export const factorText = (factor: number) => `${factor.toFixed(2)}x`;

/** "gRPC 1.32x": the point estimate, its side named. */
export function estimateText(ci: Pick<RatioCI, "ratio" | "estimate">): string {
  const { side, factor } = sideFactor(ci, ci.estimate);
  return `${LABEL[side]} ${factorText(factor)}`;
}

/** "[1.30-1.70]" when the interval favours one side throughout, else "[REST 1.18x – gRPC 2.06x]"; "" for a degenerate one. */
export function intervalText(ci: Pick<RatioCI, "ratio" | "low" | "high" | "degenerate">): string {
  if (ci.degenerate) return "";
  const low = sideFactor(ci, ci.low);
  const high = sideFactor(ci, ci.high);
  if (low.side === high.side) {
    const [a, b] = [low.factor, high.factor].sort((x, y) => x - y);
    return `[${a!.toFixed(2)}-${b!.toFixed(2)}]`;
  }
  return `[${LABEL[low.side]} ${factorText(low.factor)} – ${LABEL[high.side]} ${factorText(high.factor)}]`;
}
