import type { RunFact } from "@relix/core";
import { applyPinning, planPinning, type CpuLayout } from "./cpu-pinning";
import type { ManagedServices } from "./service-manager";

/** What pinning did for one run: the layout for the environment, facts for the findings, and the undo. */
export interface RunPinning {
  layout: CpuLayout | null;
  facts: RunFact[];
  release(): Promise<void>;
}

const NOTHING: RunPinning = { layout: null, facts: [], release: async () => {} };

/**
 * Pins for the length of one run. Only processes this runner started can be placed: services
 * someone else started are on whatever cores their owner gave them, so pinning the generator
 * alone would not keep the two apart, and the run says so instead.
 */
export async function pinForRun(
  requested: boolean,
  services: Pick<ManagedServices, "pids">,
  env: Readonly<Record<string, string | undefined>>,
): Promise<RunPinning> {
  if (!requested) return NOTHING;
  const unavailable = (reason: string): RunPinning => ({
    ...NOTHING,
    facts: [{ kind: "cpu-pinning-unavailable", reason }],
  });
  if (!services.pids || services.pids.length === 0) {
    return unavailable(
      "the services were already running (not started by this run), so their cores are not Relix's to set",
    );
  }
  const plan = await planPinning(env);
  if (plan.layout === null) return unavailable(plan.unavailable);
  try {
    const release = await applyPinning(plan, services.pids);
    return { layout: plan.layout, facts: [], release };
  } catch (error) {
    return unavailable(`taskset failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
}
