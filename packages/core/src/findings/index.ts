// The findings layer as data and rules: the facts a result records, the catalog of finding kinds,
// and the rules that decide one fires. Their words are in render/findings/.
export * from "./facts";
export { cellSubject, type Finding, type FindingSeverity, type FindingSubject } from "./finding";
export * from "./generator-saturation";
export { loadLoopFact, loadLoopFacts } from "./load-loop";
export {
  CLIENT_CPU_FACTOR,
  EQUAL_VIEW_CPU_FACTOR,
  MIN_WINDOW_REQUESTS,
  TAIL_SAMPLES,
  generatorCpuMsPerRequest,
  requestsNeededFor,
} from "./validity-rules";
export { cellNoise } from "./noise-rules";
