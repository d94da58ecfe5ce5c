import type { RunResult } from "@relix/core/result/result-schema";
import { CALLER_COSTS_LEGEND, callerCostsOfWorkload, callerCostsSource } from "@relix/core/render/answer/clients";

/**
 * Beside a cell: what a caller in Node, Go and Python pays to encode this workload's request and
 * decode its reply, as JSON and as protobuf (from the run's machine; absent when never measured).
 */
export function CallerCostsBlock({ record, workload }: { record: RunResult["callerCosts"]; workload: string }) {
  const costs = callerCostsOfWorkload(record, workload);
  if (!record || !costs) return null;
  return (
    <div className="caller-costs small" data-testid="caller-costs" style={{ margin: "0 0 14px" }}>
      <p style={{ margin: "0 0 4px" }} title={CALLER_COSTS_LEGEND}>
        What a caller pays ({callerCostsSource(record)}):
      </p>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {costs.runtimes.map((runtime) => (
          <li key={runtime.runtime}>{runtime.sentence}</li>
        ))}
      </ul>
    </div>
  );
}
