export type { ClientSample, ToolRunResult, ProgressStats } from "./sample";
export { isOkCode } from "./sample";
export {
  runAutocannon,
  autocannonVersion,
  normaliseAutocannonCapture,
  serialiseAutocannonCapture,
  type AutocannonOptions,
  type AutocannonRunResult,
  type AutocannonCapture,
  type AutocannonOwnSummary,
  type HttpRequestSpec,
} from "./autocannon-driver";
export { runGhz, ghzVersion, resolveGhzBin, buildGhzArgs, type GhzOptions, type GhzRunResult } from "./ghz-driver";
export {
  parseGhzReport,
  grpcCodeName,
  parseRfc3339Nano,
  GHZ_MAX_DETAILS,
  type GhzReport,
  type GhzDetail,
  type ParsedGhzReport,
} from "./ghz-report";
export { runChildWithCpu, readProcCpu, parseProcStat, type ChildRunResult } from "./proc-cpu";
export { parseLocalHttpUrl, parseLocalGrpcTarget, TargetNotAllowedError } from "./local-target";
