export * from "./facts";
export { cellName, sideName, PROTOCOL_LABEL, type Finding, type FindingSeverity, type FindingSubject } from "./finding";
export { findingsOf, measureNotes, subjectLabel, warningTexts } from "./findings-of";
export * from "./generator-saturation";
export { loadLoopFact, loadLoopFacts, runFactFinding } from "./run-findings";
export {
  CLIENT_CPU_FACTOR,
  EQUAL_VIEW_CPU_FACTOR,
  MIN_WINDOW_REQUESTS,
  TAIL_SAMPLES,
  generatorCpuMsPerRequest,
  requestsNeededFor,
} from "./validity-findings";
