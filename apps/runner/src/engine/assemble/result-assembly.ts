import {
  RESULT_SCHEMA_ID,
  findingsOf,
  loadLoopFacts,
  runResultSchema,
  warningTexts,
  withPublishedFigures,
  type CellResult,
  type Environment,
  type RunFact,
  type RunResult,
  type RunSpec,
} from "@relix/core";

export interface MeasuredRun {
  id: string;
  createdAt: string;
  finishedAt: string;
  spec: RunSpec;
  environment: Environment;
  cells: CellResult[];
  /** What the service manager said about the services it used or started. */
  servicesWarnings: readonly string[];
  /** Facts the engine learnt about the run itself (e.g. cores it could not pin). */
  runFacts?: readonly RunFact[];
  /** Each placement of the run, measured or refused. */
  placements?: RunResult["placements"];
  /** The network emulator's own cost, when a placement was emulated. */
  emulatorOverhead?: RunResult["emulatorOverhead"];
  /** The sweep's points and crossovers, when the spec swept. */
  sweep?: RunResult["sweep"];
  /** What callers pay for the run's workloads (caller-costs.ts), when this machine measured it. */
  callerCosts?: RunResult["callerCosts"];
}

/**
 * The result document: the run's facts, the preset's published figures (attached here, once),
 * and the findings' warnings copied into `warnings` for readers of relix.result/v1 that predate
 * facts. Validated, so nothing off-schema is ever written.
 */
export function assembleResult(run: MeasuredRun): RunResult {
  const embedded = Object.values(run.environment.backends).includes("embedded");
  const facts: RunFact[] = [
    ...loadLoopFacts(run.spec),
    // Embedded backends are in the environment, which every result carries; the service manager's
    // own words for them would say the same thing a second time.
    ...(embedded ? [] : run.servicesWarnings.map((message) => ({ kind: "services-warning" as const, message }))),
    ...(run.runFacts ?? []),
  ];
  const draft: RunResult = withPublishedFigures({
    schema: RESULT_SCHEMA_ID,
    id: run.id,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    spec: run.spec,
    environment: run.environment,
    facts,
    warnings: [],
    cells: run.cells,
    ...(run.placements ? { placements: run.placements } : {}),
    ...(run.emulatorOverhead ? { emulatorOverhead: run.emulatorOverhead } : {}),
    ...(run.sweep ? { sweep: run.sweep } : {}),
    ...(run.callerCosts ? { callerCosts: run.callerCosts } : {}),
  });
  return runResultSchema.parse({ ...draft, warnings: warningTexts(findingsOf(draft)) });
}
