// One way of writing a ratio everywhere a short report gives one: the faster (or larger) side
// named and the factor above 1, "gRPC 1.49x", never "0.67x". An interval that stays on one side
// is written in that side's factor, "[1.30-1.70]"; one that spans parity names both ends,
// "[REST 1.18x – gRPC 2.06x]".
import type { Protocol } from "../../domain/protocol";
import type { RatioCI } from "../../stats/bootstrap";

const LABEL: Record<Protocol, string> = { rest: "REST", grpc: "gRPC" };

/**
 * The side a value of the ratio favours, and its factor (at least 1). Above 1 always favours gRPC,
 * whichever way the ratio was taken (stats/speedup.ts): REST / gRPC for a latency (gRPC took less),
 * gRPC / REST for throughput (gRPC served more).
 */
export function sideFactor(value: number): { side: Protocol; factor: number } {
  return value >= 1 ? { side: "grpc", factor: value } : { side: "rest", factor: 1 / value };
}

export const factorText = (factor: number) => `${factor.toFixed(2)}x`;

/** "gRPC 1.32x": the point estimate, its side named. */
export function estimateText(ci: Pick<RatioCI, "estimate">): string {
  const { side, factor } = sideFactor(ci.estimate);
  return `${LABEL[side]} ${factorText(factor)}`;
}

/** "[1.30-1.70]" when the interval favours one side throughout, else "[REST 1.18x – gRPC 2.06x]"; "" for a degenerate one. */
export function intervalText(ci: Pick<RatioCI, "low" | "high" | "degenerate">): string {
  if (ci.degenerate) return "";
  const low = sideFactor(ci.low);
  const high = sideFactor(ci.high);
  if (low.side === high.side) {
    const [a, b] = [low.factor, high.factor].sort((x, y) => x - y);
    return `[${a!.toFixed(2)}-${b!.toFixed(2)}]`;
  }
  return `[${LABEL[low.side]} ${factorText(low.factor)} – ${LABEL[high.side]} ${factorText(high.factor)}]`;
}
