// How much of a REST -> gRPC gap one step accounts for, on a log scale, so the steps of a walk add
// up: a client step (the tool in place of one client for both) or a layer step (express -> node,
// ...). Numbers only: render/verdicts/ says them in words.
import type { Protocol } from "../domain/protocol";
import { stacks, type StackId } from "../stacks/stacks";

/** A share of a gap from which a step is called most of it. */
export const MOST_OF_A_GAP = 0.5;

/**
 * How much of the tools' REST -> gRPC p50 gap one side's client step accounts for, on a log scale:
 * tools' gap = (REST tool -> equal) x (equal clients' gap) / (gRPC tool -> equal), each a speedup
 * (> 1: the right-hand side did better), so the three logs add up. Positive: the step is part of
 * the gap the tools showed; negative: it worked against it.
 */
export function clientGapShare(side: Protocol, stepEstimate: number, toolsGapEstimate: number): number | null {
  const gap = Math.log(toolsGapEstimate);
  if (!Number.isFinite(gap) || gap === 0 || !(stepEstimate > 0)) return null;
  const sign = side === "rest" ? 1 : -1;
  return (sign * Math.log(stepEstimate)) / gap;
}

/**
 * How much of the express -> grpc-js difference on p50 one step accounts for, on a log scale (so
 * the steps of a walk add up): ln(step) / ln(gap), signed so that a positive share brings the two
 * defaults closer. A step on the REST side closes the gap when it moves towards gRPC's figure; a
 * step on the gRPC side (the codec) closes it when it moves gRPC towards REST's.
 */
export function gapShare(step: { from: StackId; estimate: number }, gapEstimate: number): number | null {
  const gap = Math.log(gapEstimate);
  if (!Number.isFinite(gap) || gap === 0 || !(step.estimate > 0)) return null;
  const towards = stacks[step.from].family === "rest" ? 1 : -1;
  return (towards * Math.log(step.estimate)) / gap;
}
