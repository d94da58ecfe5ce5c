// Type checking only: tsconfig maps the bare "@relix/shared" specifier here. The runner's output
// modules the web app reuses (csv, format, run-summary, warnings) import types from the package
// root, whose index also re-exports the Redis, MySQL and gRPC clients. Mapping the root to this
// list of pure types keeps those out of the web app's type check, and makes a future value import
// from the root in one of those modules fail here, loudly, instead of pulling server code into
// the web bundle.
export type { CellResult, Comparison, Protocol, ProtocolSummary, RunResult } from "@relix/core/result/result-schema";
export type { RatioCI } from "@relix/core/stats/bootstrap";
export type { RunSpec } from "@relix/core/spec/run-spec";
