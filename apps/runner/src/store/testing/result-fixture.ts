import {
  getWorkload,
  RESULT_SCHEMA_ID,
  runResultSchema,
  runSpecSchema,
  type CellResult,
  type Protocol,
  type ProtocolMeasure,
  type RunResult,
  type RunSpec,
  type RunSpecInput,
} from "@relix/core";
import { newRunId } from "@relix/core/ids/run-id";

/**
 * A small but complete relix.result/v1 result for a spec, with made-up numbers: gRPC a little
 * faster than REST in every cell. For tests of everything downstream of the engine (store,
 * service, import); validated by the real schema so it cannot drift from it.
 */
export function makeRunResult(specInput: RunSpecInput, options: { id?: string; at?: Date } = {}): RunResult {
  const spec: RunSpec = runSpecSchema.parse(specInput);
  const at = options.at ?? new Date("2025-01-01T00:00:00.000Z");
  const cells: CellResult[] = [];
  for (const workloadId of spec.workloads) {
    const workload = getWorkload(workloadId);
    const modes = workload.usesCache ? spec.cacheModes : (["none"] as const);
    for (const cacheMode of modes) {
      const rest = measure("rest", 1.2);
      const grpc = measure("grpc", 1.0);
      cells.push({
        workload: workload.id,
        label: workload.label,
        study: workload.study,
        cacheMode,
        payload: {
          rest: { requestBodyBytes: 0, responseBodyBytes: 110 },
          grpc: { requestBodyBytes: 0, responseBodyBytes: 80 },
        },
        trials: Array.from({ length: spec.trials }, (_, i) => ({
          trial: i + 1,
          order: i % 2 === 0 ? (["rest", "grpc"] as Protocol[]) : (["grpc", "rest"] as Protocol[]),
          rest,
          grpc,
        })),
        rest: summary(rest),
        grpc: summary(grpc),
        comparisons: [
          {
            metric: "p50",
            ci: { ratio: "rest/grpc", estimate: 1.2, low: 1.1, high: 1.3, confidence: 0.95, degenerate: false },
            winner: "grpc",
            text: "gRPC 1.20x faster at p50 (95% CI 1.10-1.30)",
          },
        ],
        verdict: "gRPC 1.20x faster at p50 (95% CI 1.10-1.30)",
      });
    }
  }
  return runResultSchema.parse({
    schema: RESULT_SCHEMA_ID,
    id: options.id ?? newRunId(),
    createdAt: at.toISOString(),
    finishedAt: new Date(at.getTime() + 60_000).toISOString(),
    spec,
    environment: {
      cpuModel: "Test CPU",
      cores: 2,
      totalMemoryBytes: 4 * 1024 ** 3,
      platform: "linux",
      node: process.version,
      versions: { autocannon: "8.0.0", ghz: "0.120.0", redis: "7.0.0", mysql: "10.11.0-MariaDB" },
      backends: { cache: "redis", store: "mysql", origin: "ephemeral" },
    },
    warnings: [],
    cells,
  });
}

function measure(protocol: Protocol, p50: number): ProtocolMeasure {
  return {
    protocol,
    rps: 1000 / p50,
    requests: 5000,
    errors: { total: 0, byCode: {} },
    latencyMs: {
      count: 5000,
      p50,
      p90: p50 * 1.5,
      p95: p50 * 2,
      p99: p50 * 3,
      p999: p50 * 4,
      max: p50 * 5,
      min: p50 / 2,
      mean: p50 * 1.1,
      stddev: 0.2,
    },
    histogram: "",
    timeline: [{ second: 0, requests: 1000, errors: 0, p50Ms: p50, p99Ms: p50 * 3 }],
    connections: { tcp: protocol === "rest" ? 8 : 1, inFlight: 8 },
    server: {
      cpuMsPer1000: 50,
      peakRssBytes: 80 * 1024 * 1024,
      serverTimeMsMean: 0.1,
      cacheHitRatio: null,
      wireBytesPerRequest: null,
    },
    generator: { tool: protocol === "rest" ? "autocannon" : "ghz", cpuFraction: 0.3, saturated: false },
    notes: [],
  };
}

function summary({ timeline: _timeline, notes: _notes, ...rest }: ProtocolMeasure) {
  return rest;
}
