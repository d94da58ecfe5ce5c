export { runRelixLoad, RELIX_LOAD, type RelixLoadRunResult } from "./run-relix-load";
export { buildRelixLoadArgs, requestsFileOf, type RelixLoadOptions } from "./relix-load-args";
export { RELIX_LOAD_EXECUTABLE, RELIX_LOAD_BUILD, relixLoadVersion } from "./relix-load-binary";
export { parseRelixLoadLog, parseRelixLoadSummary, type RelixLoadSummary } from "./relix-load-log";
