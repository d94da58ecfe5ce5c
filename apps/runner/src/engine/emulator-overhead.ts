import type { EmulatorOverhead } from "@relix/core/network/placements";
import type { Protocol, RunSpec } from "@relix/core";
import type { EngineContext } from "./engine-context";
import { generatorFor } from "./generators/registry";
import { DEFAULT_STACK_OF } from "./stack-table";
import { loadPlanOf, singleRunPlan } from "./measure-protocol";
import type { NetworkEmulator } from "./placement-session";
import { RunCancelledError } from "./run-events";
import type { ServiceTargets } from "./targets";
import { figuresInWindow } from "./window";

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
    // The default stacks only: what the emulator costs does not depend on the stack behind it.
    const measured = (Object.keys(DEFAULT_STACK_OF) as Protocol[]).filter((p) =>
      context.generators.has(DEFAULT_STACK_OF[p]),
    );
    for (const protocol of measured) {
      const direct = await noopWindow(protocol, noopSpec, context, context.targets, signal);
      const proxied = await noopWindow(protocol, noopSpec, context, bare.loadTargets, signal);
      protocols[protocol] = { direct, proxied };
    }
    return { emulator: emulator.name, protocols };
  } finally {
    await bare.close();
  }
}

async function noopWindow(
  protocol: Protocol,
  spec: RunSpec,
  context: EngineContext,
  targets: ServiceTargets,
  signal?: AbortSignal,
): Promise<{ p50Ms: number; rps: number }> {
  if (signal?.aborted) throw new RunCancelledError();
  const plan = { ...singleRunPlan("noop", protocol, spec), ...(signal ? { signal } : {}) };
  const run = await generatorFor(context.generators, DEFAULT_STACK_OF[protocol]).run({
    ...loadPlanOf(plan, context, WARMUP_MS + WINDOW_MS + TAIL_MS),
    targets,
  });
  if (signal?.aborted) throw new RunCancelledError();
  const figures = figuresInWindow(run.samples, { startMs: WARMUP_MS, endMs: WARMUP_MS + WINDOW_MS });
  return { p50Ms: figures.histogram.summary().p50, rps: figures.rps };
}
