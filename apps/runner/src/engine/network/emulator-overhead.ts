import type { EmulatorOverhead } from "@relix/core/network/placements";
import type { Protocol, RunSpec } from "@relix/core";
import type { EngineContext } from "../engine-context";
import { generatorFor } from "../measure/generators/registry";
import type { StackId } from "@relix/core/stacks/stacks";
import { loadPlanOf, singleRunPlan } from "../measure/measure-protocol";
import type { NetworkEmulator } from "./placement-session";
import { RunCancelledError } from "../run-events";
import { runPair } from "../plan/run-plan";
import type { ServiceTargets } from "../launch/targets";
import { figuresInWindow } from "../measure/window";

/** A short noop window: long enough for a stable p50, short next to the run. */
const WARMUP_MS = 200;
const WINDOW_MS = 1_000;
const TAIL_MS = 150;

/**
 * The emulator's own cost, once per run with an emulated placement: the same noop window, closed
 * loop at the spec's connections, sent direct and through proxies with nothing applied, on each
 * protocol through the same load generators the cells use.
 */
export async function measureEmulatorOverhead(
  spec: RunSpec,
  context: EngineContext,
  emulator: NetworkEmulator,
  signal?: AbortSignal,
): Promise<EmulatorOverhead> {
  const { rate: _openLoop, requests: _countMode, ...closedLoop } = spec;
  const noopSpec: RunSpec = { ...closedLoop, serverDelayMs: 0 };
  const bare = await emulator.bare(context.targets);
  try {
    const protocols: EmulatorOverhead["protocols"] = {};
    // The run's pair only: what the emulator costs does not depend on the stack behind it, and
    // the pair's two are the stacks every run measures (noop is served by every runtime's).
    const pair = runPair(spec);
    const measured = (Object.keys(pair) as Protocol[]).filter((p) => context.generators.has(pair[p]));
    for (const protocol of measured) {
      const direct = await noopWindow(pair[protocol], protocol, noopSpec, context, context.targets, signal);
      const proxied = await noopWindow(pair[protocol], protocol, noopSpec, context, bare.loadTargets, signal);
      protocols[protocol] = { direct, proxied };
    }
    const zeroDelay = emulator.zeroDelay?.();
    return { emulator: emulator.name, ...(zeroDelay ? { zeroDelay } : {}), protocols };
  } finally {
    await bare.close();
  }
}

async function noopWindow(
  stack: StackId,
  protocol: Protocol,
  spec: RunSpec,
  context: EngineContext,
  targets: ServiceTargets,
  signal?: AbortSignal,
): Promise<{ p50Ms: number; rps: number }> {
  if (signal?.aborted) throw new RunCancelledError();
  const plan = { ...singleRunPlan("noop", protocol, spec, undefined, stack), ...(signal ? { signal } : {}) };
  const run = await generatorFor(context.generators, stack).run({
    ...loadPlanOf(plan, context, WARMUP_MS + WINDOW_MS + TAIL_MS),
    targets,
  });
  if (signal?.aborted) throw new RunCancelledError();
  const figures = figuresInWindow(run.samples, { startMs: WARMUP_MS, endMs: WARMUP_MS + WINDOW_MS });
  return { p50Ms: figures.histogram.summary().p50, rps: figures.rps };
}
