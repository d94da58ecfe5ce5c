import { newRunId } from "@relix/core/ids/run-id";
import { PIN_CORES_BY_DEFAULT } from "@relix/core";
import type { CellResult, ProtocolMeasure, RunResult, RunSpec, WorkloadParams } from "@relix/core";
import { compareTrials, headlineVerdict, summariseProtocol } from "./aggregate";
import { pinForRun, type RunPinning } from "./run-pinning";
import type { EngineContext } from "./engine-context";
import { describeEnvironment, toolVersions } from "./environment";
import { measureProtocol } from "./measure-protocol";
import { preflight, type PayloadSizes } from "./preflight";
import { assembleResult } from "./result-assembly";
import { RunCancelledError, type CellRef, type RunBenchmark, type RunEvent, type RunOptions } from "./run-events";
import { estimatedMeasuringMs, planCells, protocolOrder } from "./run-plan";
import { ensureServices } from "./service-manager";

const paramsOf = (spec: RunSpec): WorkloadParams => ({
  keyCount: spec.keyCount,
  payloadBytes: spec.payloadBytes,
  streamMessages: spec.streamMessages,
  dotLength: spec.dotLength,
});

/** What runBenchmark needs besides the spec: its caller's context (read at start-up) and the run's options. */
export interface EngineRunOptions extends RunOptions {
  context: EngineContext;
}

/** The engine bound to its caller's context: what the CLI and the runner service hand around. */
export function createRunBenchmark(context: EngineContext): RunBenchmark {
  return (spec, options = {}) => runBenchmark(spec, { ...options, context });
}

/**
 * The engine: services up, preflight every cell (same answers on both protocols, cache
 * primed), then each cell's trials with the protocol order alternating, then statistics.
 */
export async function runBenchmark(spec: RunSpec, options: EngineRunOptions): Promise<RunResult> {
  const { signal, onEvent = () => {}, context } = options;
  const { targets } = context;
  const createdAt = new Date().toISOString();
  const checkCancelled = () => {
    if (signal?.aborted) throw new RunCancelledError();
  };

  onEvent({ type: "phase", phase: "services", message: "checking the REST and gRPC services" });
  const services =
    options.services ??
    (await ensureServices(targets, {
      env: context.env,
      signal,
      log: (message) => onEvent({ type: "phase", phase: "services", message }),
    }).catch((error: unknown) => {
      // ensureServices stops with the signal's AbortError: report it as a cancelled run, like every other phase.
      if (signal?.aborted) throw new RunCancelledError();
      throw error;
    }));
  let pinning: RunPinning | undefined;
  try {
    for (const message of services.warnings) onEvent({ type: "warning", message });
    pinning = await pinForRun(spec.pinCores ?? PIN_CORES_BY_DEFAULT, services, context.env);
    const environment = {
      ...describeEnvironment(services, await toolVersions(context.generators, context)),
      cpuLayout: pinning.layout,
    };

    const cells = planCells(spec);
    const params = paramsOf(spec);
    const requestsByWorkload = new Map(cells.map((c) => [c.workload.id, c.workload.requests(params)]));

    onEvent({ type: "phase", phase: "preflight", message: "checking REST and gRPC return the same data" });
    const sizes: PayloadSizes[] = [];
    for (const cell of cells) {
      checkCancelled();
      sizes.push(
        await preflight(targets, cell.workload, requestsByWorkload.get(cell.workload.id)!, cell.cacheMode, signal),
      );
    }

    onEvent({
      type: "phase",
      phase: "measuring",
      message: `${cells.length} cells x ${spec.trials} trials x 2 protocols`,
    });
    const total = cells.length * spec.trials * 2;
    const estimateMs = estimatedMeasuringMs(spec, cells.length);
    const measuringStarted = performance.now();
    let index = 0;
    let pairIndex = 0;
    const results: CellResult[] = [];
    for (const [cellNumber, cell] of cells.entries()) {
      const trials: CellResult["trials"] = [];
      for (let trial = 1; trial <= spec.trials; trial++) {
        const order = protocolOrder(pairIndex++);
        const measured: Partial<Record<"rest" | "grpc", ProtocolMeasure>> = {};
        for (const protocol of order) {
          checkCancelled();
          const ref: CellRef = {
            workload: cell.workload.id,
            cacheMode: cell.resultCacheMode,
            trial,
            trials: spec.trials,
            protocol,
            index: ++index,
            total,
          };
          onEvent({ type: "cell-start", cell: ref, warmupMs: spec.warmupMs, durationMs: spec.durationMs });
          // Progress within the cell too, so a long window does not look stuck.
          const cellStarted = performance.now();
          const expectedCellMs = estimateMs / total;
          const ticker = setInterval(() => {
            const withinCell = Math.min(0.99, (performance.now() - cellStarted) / expectedCellMs);
            const elapsedMs = performance.now() - measuringStarted;
            const fraction = (index - 1 + withinCell) / total;
            onEvent({
              type: "progress",
              fraction,
              elapsedMs,
              remainingMs: Math.max(0, (elapsedMs / fraction) * (1 - fraction)),
            });
          }, 1_000);
          let measure: ProtocolMeasure;
          try {
            measure = await measureProtocol(
              {
                workload: cell.workload,
                cacheMode: cell.cacheMode,
                requests: requestsByWorkload.get(cell.workload.id)!,
                spec,
                cell: ref,
                ...(signal ? { signal } : {}),
              },
              context,
              onEvent,
            );
          } finally {
            clearInterval(ticker);
          }
          measured[protocol] = measure;
          onEvent({
            type: "cell-end",
            cell: ref,
            rps: measure.rps,
            p50Ms: measure.latencyMs.p50,
            p99Ms: measure.latencyMs.p99,
            errors: measure.errors.total,
          });
          const elapsedMs = performance.now() - measuringStarted;
          const remainingMs = Math.max(0, (elapsedMs / index) * (total - index));
          onEvent({
            type: "progress",
            fraction: index / total,
            elapsedMs,
            remainingMs: index < 2 ? Math.max(0, estimateMs - elapsedMs) : remainingMs,
          });
        }
        trials.push({ trial, order, rest: measured.rest!, grpc: measured.grpc! });
      }
      const comparisons = compareTrials(trials);
      results.push({
        workload: cell.workload.id,
        label: cell.workload.label,
        study: cell.workload.study,
        cacheMode: cell.resultCacheMode,
        payload: sizes[cellNumber]!,
        trials,
        rest: summariseProtocol(trials.map((t) => t.rest)),
        grpc: summariseProtocol(trials.map((t) => t.grpc)),
        comparisons,
        verdict: headlineVerdict(comparisons),
      });
    }

    onEvent({ type: "phase", phase: "aggregating", message: "computing confidence intervals" });
    return assembleResult({
      id: options.runId ?? newRunId(),
      createdAt,
      finishedAt: new Date().toISOString(),
      spec,
      environment,
      cells: results,
      servicesWarnings: services.warnings,
      runFacts: pinning.facts,
    });
  } finally {
    await pinning?.release();
    if (!options.services) await services.stop();
  }
}

export type { RunEvent };
