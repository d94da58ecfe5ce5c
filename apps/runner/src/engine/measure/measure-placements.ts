// The measure stage: each network placement in turn (opened and verified once, its cells within
// it, closed however they end), its trials one launch of the servers after another with every
// cell measured in each and the stack order rotating, or a sweep's points under each placement.
// A placement that misses its target is refused and the others run.
import {
  placementName,
  type CellResult,
  type EmulatorOverhead,
  type PlacementName,
  type PlacementRecord,
  type RunFact,
} from "@relix/core";
import { isDefaultPair } from "@relix/core/stacks/stack-pair";
import { openRunToRun, type RunToRunUse } from "../assemble/run-to-run-file";
import type { EngineContext } from "../engine-context";
import type { LaunchedRun } from "../launch/launch-run";
import type { ReadyRun } from "../launch/ready-run";
import type { TrialLaunches } from "../launch/trial-launch-contract";
import { measureEmulatorOverhead } from "../network/emulator-overhead";
import { loopbackRecord, type OpenedPlacement } from "../network/placement-session";
import type { RunPlan } from "../plan/plan-run";
import { estimatedMeasuringMs } from "../plan/run-plan";
import { RunCancelledError, type RunEvent } from "../run-events";
import { measurePlacementCells, type RunProgress } from "./placement-cells";

/** Raised when every placement of a run was refused: nothing was measured. */
export class AllPlacementsRefusedError extends Error {
  constructor(readonly placements: PlacementRecord[]) {
    super(
      `every network placement was refused, nothing was measured: ${placements.map((p) => `${p.name}: ${p.reason ?? "refused"}`).join("; ")}`,
    );
    this.name = "AllPlacementsRefusedError";
  }
}

export interface PlacementsMeasured {
  cells: CellResult[];
  placements: PlacementRecord[];
  /** What the measuring found about the run: refused placements, proxy emulation, run-to-run noise. */
  facts: RunFact[];
  emulatorOverhead?: EmulatorOverhead;
}

export interface MeasureOptions {
  signal?: AbortSignal;
  onEvent: (event: RunEvent) => void;
  /** Count mode: every side's time cap in a trial (tests). */
  countWindowCapMs?: number;
  /** The launches of the servers the trials run on (launch/trial-launches.ts). */
  launches?: TrialLaunches;
}

export async function measurePlacements(
  plan: RunPlan,
  launched: LaunchedRun,
  ready: ReadyRun,
  options: MeasureOptions,
): Promise<PlacementsMeasured> {
  const { spec, stacks, cells, pair, placements, sweep } = plan;
  const { context, emulator } = launched;
  const { signal, onEvent } = options;
  const runsPerPlacement = sweep?.runsPerPlacement(cells.length) ?? cells.length * spec.trials * stacks.length;
  onEvent({
    type: "phase",
    phase: "measuring",
    message: `${placements.length > 1 ? `${placements.length} placements x ` : ""}${cells.length} cells x ${spec.trials} trials x ${stacks.length > 2 ? `${stacks.length} stacks` : "2 protocols"}${isDefaultPair(pair) ? "" : `, headline ${pair.rest} vs ${pair.grpc}`}`,
  });
  const progress: RunProgress = {
    index: 0,
    total: placements.length * runsPerPlacement,
    pairIndex: 0,
    measuringStarted: performance.now(),
    estimateMs: estimatedMeasuringMs(spec, cells.length),
  };
  const records: PlacementRecord[] = [];
  const facts: RunFact[] = [];
  const runToRun = await openRunToRun(context.runToRunFile, spec);
  if (runToRun?.warning) onEvent({ type: "warning", message: runToRun.warning });
  const run: PlacementsRun = { plan, ready, context, progress, runToRun, options };
  const results: CellResult[] = [];
  let emulatorOverhead: EmulatorOverhead | undefined;
  for (const placement of placements) {
    if (signal?.aborted) throw new RunCancelledError();
    const name = placementName(placement);
    const opened =
      name === "loopback" || !emulator
        ? { record: await loopbackRecord(), path: null }
        : await emulator.open(placement, context.targets);
    records.push(opened.record);
    if (opened.record.status === "refused") {
      facts.push(refusedPlacementFact(name, opened.record, onEvent));
      progress.total -= runsPerPlacement;
      options.launches?.placementRefused();
      sweep?.placementRefused(name, cells);
      continue;
    }
    try {
      // Once per run, and only once a placement is to be measured through the emulator.
      if (emulator && opened.path && !emulatorOverhead) {
        onEvent({ type: "phase", phase: "measuring", message: "the emulator's own cost: noop direct and through it" });
        emulatorOverhead = await measureEmulatorOverhead(spec, context, emulator, signal);
      }
      results.push(...(await measureOpenedPlacement(name, opened, run)));
    } finally {
      await opened.path?.close();
    }
  }
  if (records.every((r) => r.status === "refused")) throw new AllPlacementsRefusedError(records);
  const emulatedNames = records.filter((r) => r.emulator !== "none" && r.status === "measured").map((r) => r.name);
  if (emulator?.name === "toxiproxy" && emulatedNames.length > 0) {
    facts.push({ kind: "tcp-proxy-emulation", emulator: emulator.name, placements: emulatedNames });
  }
  if (runToRun) facts.push({ ...runToRun.fact(), ...launchesOfIntervals(results) });
  return { cells: results, placements: records, facts, ...(emulatorOverhead ? { emulatorOverhead } : {}) };
}

/** What measuring each placement of the run shares. */
interface PlacementsRun {
  plan: RunPlan;
  ready: ReadyRun;
  context: EngineContext;
  progress: RunProgress;
  runToRun: RunToRunUse | null;
  options: MeasureOptions;
}

/** A placement that missed its target: warned of now, and a fact of the run. */
function refusedPlacementFact(
  name: PlacementName,
  record: PlacementRecord,
  onEvent: (event: RunEvent) => void,
): RunFact {
  const reason = record.reason ?? "refused";
  onEvent({ type: "warning", message: `placement ${name} refused, its cells are skipped: ${reason}` });
  return {
    kind: "placement-refused",
    placement: name,
    targetRttMs: record.targetRttMs,
    measuredRttMs: record.measuredRttMs,
    reason,
  };
}

/** The cells measured through a placement that reached its target: a sweep's points under it, or every cell's trials. */
async function measureOpenedPlacement(
  name: PlacementName,
  opened: OpenedPlacement,
  { plan, ready, context, progress, runToRun, options }: PlacementsRun,
): Promise<CellResult[]> {
  const { signal, onEvent } = options;
  onEvent({
    type: "phase",
    phase: "measuring",
    message: `placement ${name}: ${opened.record.measuredRttMs} ms round trip measured (target ${opened.record.targetRttMs} ms)`,
  });
  const placed = {
    placement: name,
    cells: plan.cells,
    ...(runToRun ? { runToRun: runToRun.lookup } : {}),
    ...(opened.path ? { loadTargets: opened.path.loadTargets, emulator: opened.record.emulator } : {}),
    ...(options.countWindowCapMs === undefined ? {} : { countWindowCapMs: options.countWindowCapMs }),
    ...(options.launches ? { launches: options.launches } : {}),
    ...(signal ? { signal } : {}),
  };
  const { sizes } = ready;
  const { spec, requestsByWorkload, sweep } = plan;
  return sweep
    ? await sweep.measurePlacement(placed, progress, context, onEvent)
    : await measurePlacementCells({ ...placed, spec, sizes, requestsByWorkload }, progress, context, onEvent);
}

/** The launches the run's intervals rest on, where any rests on launches (the run-to-run finding says what they hold). */
function launchesOfIntervals(cells: readonly CellResult[]): { launches?: number } {
  const counts = cells.flatMap((cell) =>
    cell.comparisons.map((c) => (c.ci.method === "launches" ? (c.ci.launches ?? 0) : 0)),
  );
  const most = Math.max(0, ...counts);
  return most >= 2 ? { launches: most } : {};
}
