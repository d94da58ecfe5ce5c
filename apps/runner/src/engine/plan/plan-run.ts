// The plan stage: the spec resolved once into what every later stage reads (its stacks, cells,
// pair, placements and each workload's requests), and every refusal that needs nothing started:
// a stack asked for a workload it does not serve, a load no generator can drive, a second view
// that cannot be had. Later stages read the plan; none works it out again.
import {
  runFactFinding,
  sweepListsApplied,
  type Placement,
  type RunFact,
  type RunSpec,
  type StackId,
} from "@relix/core";
import type { StackPair } from "@relix/core/stacks/stack-pair";
import type { EngineContext } from "../engine-context";
import { checkStacksDrivable, checkStacksServeWorkloads } from "../launch/stack-availability";
import { paramsOf } from "../measure/placement-cells";
import { createSweepDriver, type SweepDriver, type SweepDriverOptions } from "../measure/sweep-driver";
import type { RunEvent } from "../run-events";
import { equalViewsUnavailable } from "./equal-view-refusal";
import { planCells, runPair, runStacks, type PlannedCell } from "./run-plan";

export interface RunPlan {
  /** The spec with a sweep's list axes applied as the run's own lists. */
  spec: RunSpec;
  stacks: StackId[];
  pair: StackPair;
  cells: PlannedCell[];
  placements: Placement[];
  /** Each workload's request sequence, from the spec's knobs. */
  requestsByWorkload: ReadonlyMap<string, unknown[]>;
  /** A promised second view (one client for both) that this spec cannot have: facts for the findings. */
  missingEqualViews: RunFact[];
  sweep?: SweepDriver;
}

export function planRun(
  requested: RunSpec,
  context: EngineContext,
  options: { sweep?: SweepDriverOptions; onEvent: (event: RunEvent) => void },
): RunPlan {
  const spec = sweepListsApplied(requested);
  const sweep = spec.sweep ? createSweepDriver(spec, options.sweep) : undefined;
  const stacks = runStacks(spec);
  const cells = planCells(spec);
  checkStacksServeWorkloads(cells, stacks);
  checkStacksDrivable(spec, cells, stacks, context.generators, context.tools);
  // Said now, not after minutes of services, preflight and priming.
  const missingEqualViews = equalViewsUnavailable(
    spec,
    cells.map((c) => c.workload.id),
    context,
  );
  for (const fact of missingEqualViews) options.onEvent({ type: "warning", message: runFactFinding(fact).text });
  const params = paramsOf(spec);
  return {
    spec,
    stacks,
    pair: runPair(spec),
    cells,
    placements: spec.network ?? ["loopback"],
    requestsByWorkload: new Map(cells.map((c) => [c.workload.id, c.workload.requests(params)])),
    missingEqualViews,
    ...(sweep ? { sweep } : {}),
  };
}
