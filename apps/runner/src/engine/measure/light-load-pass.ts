// The cell's latency question: the pair measured again at one call in flight, right after its own
// load in the same launch, by the client its headline rests on (core spec/light-load.ts says why).
// Only the pair: the layer walk's stacks answer "which layer decides" at the cell's own load.
import { lightLoadSpec, type ProtocolMeasure, type StackId } from "@relix/core";
import type { EngineContext } from "../engine-context";
import type { RunEvent } from "../run-events";
import { measureInterleavedTrial, type ClientViews, type TrialMeasures } from "./interleaved-trial";
import { stackOf, type ProtocolRunPlan } from "./measure-protocol";

/** The client programs the headline rests on: one for both where the trial measured the pair so. */
function headlineClients(plans: readonly ProtocolRunPlan[], views: ClientViews, measured: TrialMeasures) {
  const spec = plans[0]!.spec;
  if (spec.clients === "equal") return "equal" as const;
  const equal = measured.equalClients;
  return equal?.has(views.pair.rest) && equal.has(views.pair.grpc) ? ("equal" as const) : ("tools" as const);
}

/**
 * The pair's two stacks of a trial's `plans` at one call in flight, interleaved in slices as the
 * trial was, in the trial's order of the pair; each stack's measure.
 */
export async function measureLightLoad(
  plans: readonly ProtocolRunPlan[],
  views: ClientViews,
  measured: TrialMeasures,
  context: EngineContext,
  onEvent: (e: RunEvent) => void,
): Promise<Map<StackId, ProtocolMeasure>> {
  const clients = headlineClients(plans, views, measured);
  const pairPlans = plans
    .filter((plan) => stackOf(plan) === views.pair.rest || stackOf(plan) === views.pair.grpc)
    .map((plan) => ({ ...plan, spec: lightLoadSpec(plan.spec, clients) }));
  // The cell's own load has had its start and end events and its live samples: this second pass
  // keeps its figures to the result, so a live chart never mixes the two loads.
  const quiet = (event: RunEvent) => {
    if (event.type !== "sample") onEvent(event);
  };
  const light = await measureInterleavedTrial(pairPlans, context, { onStackStart: () => {} }, quiet);
  return light.measures;
}
