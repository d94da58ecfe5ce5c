export { runH2load, type H2loadRunResult } from "./run-h2load";
export { buildH2loadArgs, type H2loadOptions } from "./h2load-args";
export { H2LOAD_EXECUTABLE, h2loadVersion } from "./h2load-binary";
export { parseH2loadLog, parseH2loadSummary, FAILED_STREAM_CODE, STATUS_UNREAD_CODE } from "./h2load-log";
