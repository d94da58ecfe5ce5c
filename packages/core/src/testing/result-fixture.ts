// Fabricated but schema-valid results for the output tests: small inputs (a p50, an rps) grow into a
// whole relix.result/v1 document, with comparisons and verdicts computed by the real stats code so a
// test never asserts against a ratio the engine could not have produced.
import {
  RESULT_SCHEMA_ID,
  createLatencyHistogram,
  getWorkload,
  runResultSchema,
  runSpecSchema,
  speedupCI,
  structuredVerdictFor,
  type CellResult,
  type Comparison,
  type Protocol,
  type ProtocolMeasure,
  type PublishedFigure,
  type RunResult,
  type RunSpecInput,
} from "../index";

export interface SideInput {
  p50?: number;
  p99?: number;
  mean?: number;
  rps?: number;
  errors?: Record<string, number>;
  requestBodyBytes?: number;
  responseBodyBytes?: number;
  saturated?: boolean;
}

export interface CellInput {
  workload?: string;
  cacheMode?: CellResult["cacheMode"];
  trials?: number;
  rest?: SideInput;
  grpc?: SideInput;
  published?: PublishedFigure[];
}

export interface RunResultInput {
  cells?: CellInput[];
  spec?: Partial<RunSpecInput>;
  origin?: "external" | "ephemeral" | "embedded";
  warnings?: string[];
}

const DEFAULT_REST: Required<Omit<SideInput, "errors" | "saturated">> = {
  p50: 0.8,
  p99: 2.4,
  mean: 0.9,
  rps: 9000,
  requestBodyBytes: 0,
  responseBodyBytes: 112,
};
const DEFAULT_GRPC: Required<Omit<SideInput, "errors" | "saturated">> = {
  p50: 0.5,
  p99: 1.6,
  mean: 0.6,
  rps: 14000,
  requestBodyBytes: 5,
  responseBodyBytes: 83,
};

/** Per-trial spread so that 3 trials give a real (non-degenerate) interval. */
const SPREAD = [1, 0.97, 1.03, 0.99, 1.01];

let encodedHistogram: string | undefined;
function histogram(): string {
  if (encodedHistogram === undefined) {
    const h = createLatencyHistogram();
    for (const us of [400, 500, 600, 800, 2000]) h.record(us);
    encodedHistogram = h.encode();
  }
  return encodedHistogram;
}

const ms3 = (x: number) => Math.round(x * 1000) / 1000;

function measure(
  protocol: Protocol,
  side: Required<Omit<SideInput, "errors" | "saturated">> & SideInput,
  factor: number,
): ProtocolMeasure {
  const errors = side.errors ?? {};
  const errorTotal = Object.values(errors).reduce((a, b) => a + b, 0);
  const requests = Math.round(side.rps * 2 * factor);
  return {
    protocol,
    rps: ms3(side.rps * factor),
    requests,
    errors: { total: errorTotal, byCode: errors },
    latencyMs: {
      count: requests,
      p50: ms3(side.p50 * factor),
      p90: ms3(side.p50 * 1.5 * factor),
      p95: ms3(side.p50 * 2 * factor),
      p99: ms3(side.p99 * factor),
      p999: ms3(side.p99 * 1.5 * factor),
      max: ms3(side.p99 * 3 * factor),
      min: ms3(side.p50 * 0.3 * factor),
      mean: ms3(side.mean * factor),
      stddev: ms3(side.mean * 0.2),
    },
    histogram: histogram(),
    timeline: [{ second: 0, requests, errors: errorTotal, p50Ms: ms3(side.p50), p99Ms: ms3(side.p99) }],
    connections: protocol === "rest" ? { tcp: 8, inFlight: 8 } : { tcp: 1, inFlight: 8 },
    server: {
      cpuMsPer1000: 120.5,
      peakRssBytes: 90_000_000,
      serverTimeMsMean: 0.05,
      cacheHitRatio: null,
      wireBytesPerRequest: { received: 120, sent: 260 },
    },
    generator: {
      tool: protocol === "rest" ? "autocannon" : "ghz",
      cpuFraction: side.saturated ? 0.97 : 0.4,
      saturated: side.saturated ?? false,
    },
    notes: [],
  };
}

function comparison(metric: Comparison["metric"], rest: ProtocolMeasure[], grpc: ProtocolMeasure[]): Comparison {
  const pick = (m: ProtocolMeasure) => (metric === "rps" ? m.rps : m.latencyMs[metric]);
  const ci = speedupCI(metric, rest.map(pick), grpc.map(pick), { iterations: 500 });
  const verdict = structuredVerdictFor({ metric, ci });
  return { metric, ci, winner: verdict.winner, text: verdict.text };
}

export function makeCell(input: CellInput = {}): CellResult {
  const workloadId = input.workload ?? "item.get";
  const workload = getWorkload(workloadId);
  const trialCount = input.trials ?? 3;
  const restSide = { ...DEFAULT_REST, ...input.rest };
  const grpcSide = { ...DEFAULT_GRPC, ...input.grpc };
  const trials = Array.from({ length: trialCount }, (_, i) => {
    const factor = SPREAD[i % SPREAD.length]!;
    return {
      trial: i + 1,
      order: (i % 2 === 0 ? ["rest", "grpc"] : ["grpc", "rest"]) as Protocol[],
      rest: measure("rest", restSide, factor),
      grpc: measure("grpc", grpcSide, factor),
    };
  });
  const summary = (side: typeof restSide, protocol: Protocol) => {
    const { timeline: _t, notes: _n, ...rest } = measure(protocol, side, 1);
    return rest;
  };
  const comparisons = (["p50", "p99", "rps"] as const).map((metric) =>
    comparison(
      metric,
      trials.map((t) => t.rest),
      trials.map((t) => t.grpc),
    ),
  );
  return {
    workload: workloadId,
    label: workload.label,
    study: workload.study,
    cacheMode: input.cacheMode ?? (workload.usesCache ? "warm" : "none"),
    payload: {
      rest: { requestBodyBytes: restSide.requestBodyBytes, responseBodyBytes: restSide.responseBodyBytes },
      grpc: { requestBodyBytes: grpcSide.requestBodyBytes, responseBodyBytes: grpcSide.responseBodyBytes },
    },
    trials,
    rest: summary(restSide, "rest"),
    grpc: summary(grpcSide, "grpc"),
    comparisons,
    verdict: comparisons[0]!.text,
    ...(input.published ? { published: input.published } : {}),
  };
}

/** A whole result; validated by runResultSchema so a fixture can never drift from the schema. */
export function makeRunResult(input: RunResultInput = {}): RunResult {
  const cells = (input.cells ?? [{}]).map(makeCell);
  const workloads = [...new Set(cells.map((c) => c.workload))];
  const cacheModes = [...new Set(cells.map((c) => c.cacheMode).filter((m) => m !== "none"))];
  const origin = input.origin ?? "ephemeral";
  const spec = runSpecSchema.parse({
    workloads,
    cacheModes: cacheModes.length > 0 ? cacheModes : ["warm"],
    trials: cells[0]?.trials.length ?? 1,
    ...input.spec,
  });
  return runResultSchema.parse({
    schema: RESULT_SCHEMA_ID,
    id: "r_fixture0001",
    createdAt: "2025-01-02T03:04:05.000Z",
    finishedAt: "2025-01-02T03:05:05.000Z",
    spec,
    environment: {
      cpuModel: "Fixture CPU @ 3.0GHz",
      cores: 2,
      totalMemoryBytes: 4 * 1024 ** 3,
      platform: "linux x64",
      node: "v20.20.0",
      versions: {
        autocannon: "8.0.0",
        ghz: "0.120.0",
        redis: origin === "embedded" ? null : "7.2.4",
        mysql: origin === "embedded" ? null : "10.11.6-MariaDB",
      },
      backends:
        origin === "embedded"
          ? { cache: "embedded", store: "embedded", origin }
          : { cache: "redis", store: "mysql", origin },
    },
    warnings: input.warnings ?? [],
    cells,
  });
}
