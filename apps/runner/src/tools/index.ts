export type { ClientSample, ToolRunResult, ProgressStats } from "./sample";
export { isOkCode } from "./sample";
export { runAutocannon, type AutocannonRunResult } from "./autocannon/run-autocannon";
export { autocannonVersion } from "./autocannon/autocannon-internals";
export { type AutocannonOptions, type HttpRequestSpec } from "./autocannon/autocannon-options";
export { normaliseAutocannonCapture, type AutocannonCapture } from "./autocannon/autocannon-capture";
export { runGhz, type GhzRunResult } from "./ghz/run-ghz";
export { buildGhzArgs, type GhzOptions } from "./ghz/ghz-args";
export { GHZ_EXECUTABLE, ghzVersion } from "./ghz/ghz-binary";
export {
  parseGhzReport,
  grpcCodeName,
  parseRfc3339Nano,
  GHZ_MAX_DETAILS,
  type GhzReport,
  type GhzDetail,
  type ParsedGhzReport,
} from "./ghz/ghz-report";
export { runChildWithCpu, readProcCpu, parseProcStat, type ChildRunResult } from "./proc-cpu";
export { parseLocalHttpUrl, parseLocalGrpcTarget, TargetNotAllowedError } from "./local-target";
