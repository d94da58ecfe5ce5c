// A quick-preset run that asked both headline questions, for the renderers' tests in core and on
// the web: four cells measured by one client (h2load) at 8 in flight, each measured again at one
// call in flight. Its figures are chosen to give every kind of answer a report must show: different
// winners for the two questions (noop), the same within the margin (item.get's capacity), not
// enough to tell (meteorites.get's latency), a server that was not saturated (meteorites.get) and
// one side winning both (stream).
import type { RunResult } from "../result/result-schema";
import { makeRunResult, type CellInput } from "./result-fixture";

export const QUESTION_CELLS: CellInput[] = [
  {
    workload: "noop",
    rest: { p50: 1.31, p99: 2.9, rps: 6090, serverCpuMsPer1000: 180 },
    grpc: { p50: 0.68, p99: 1.6, rps: 11800, serverCpuMsPer1000: 92 },
    questions: { lightLoad: { rest: { p50: 0.176, p99: 0.41 }, grpc: { p50: 0.291, p99: 0.6 } } },
  },
  {
    workload: "item.get",
    cacheMode: "warm",
    rest: { p50: 0.8, p99: 2.4, rps: 9000 },
    grpc: { p50: 0.5, p99: 1.6, rps: 14000 },
    questions: { lightLoad: { rest: { p50: 0.2, p99: 0.5 }, grpc: { p50: 0.264, p99: 0.6 } } },
  },
  {
    workload: "meteorites.get",
    cacheMode: "warm",
    rest: { p50: 20, p99: 30, rps: 300, serverCpuMsPer1000: 1500 },
    grpc: { p50: 20.1, p99: 31, rps: 298, serverCpuMsPer1000: 1510 },
    questions: { lightLoad: { rest: { p50: 2.0, p99: 3.1 }, grpc: { p50: 2.02, p99: 3.2 } } },
  },
  {
    workload: "stream",
    rest: { p50: 5, p99: 9, rps: 1500, serverCpuMsPer1000: 600 },
    grpc: { p50: 8, p99: 12, rps: 950, serverCpuMsPer1000: 900 },
    questions: { lightLoad: { rest: { p50: 0.5, p99: 1.2 }, grpc: { p50: 1.395, p99: 2.5 } } },
  },
];

/** The run above; `cells` to measure fewer or other cells the same way. */
export function makeQuestionsResult(cells: CellInput[] = QUESTION_CELLS): RunResult {
  return makeRunResult({ spec: { preset: "quick" }, oneClient: "h2load", cells });
}
