// Relix's side of the comparison: the engine's own measurement of one plan.
import type { ProtocolMeasure } from "@relix/core";
import type { EngineContext } from "../../src/engine/engine-context";
import { measureProtocol, type ProtocolRunPlan } from "../../src/engine/measure/measure-protocol";
import { withWrkCorrection } from "../lib/wrk-correction";
import type { Figures } from "./figures";

export async function measureWithRelix(plan: ProtocolRunPlan, context: EngineContext): Promise<Figures> {
  const m: ProtocolMeasure = await measureProtocol(plan, context, () => {});
  const asWrk =
    m.protocol === "rest"
      ? withWrkCorrection(m.histogram, {
          windowMs: plan.spec.durationMs,
          responses: m.requests,
          connections: plan.spec.connections,
        })
      : null;
  return {
    p50Ms: m.latencyMs.p50,
    meanMs: m.latencyMs.mean,
    rps: m.rps,
    ...(asWrk ? { asWrk: { p50Ms: asWrk.p50Ms, meanMs: asWrk.meanMs } } : {}),
    problems: [
      ...(m.errors.total > 0
        ? [`Relix ${m.protocol}: ${m.errors.total} errors ${JSON.stringify(m.errors.byCode)}`]
        : []),
      ...(m.generator.saturated ? [`Relix ${m.protocol}: ${m.generator.tool} was saturated`] : []),
    ],
  };
}
