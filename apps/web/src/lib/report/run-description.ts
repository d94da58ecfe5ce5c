// The one-line descriptions and the warnings every Relix output prints: the runner's own modules,
// so the page, the CLI table and the Markdown export say the same thing.
export { describeEnvironment, describeLoad, describeRun, presetName } from "@relix/runner/src/output/run-summary";
export { resultWarnings } from "@relix/runner/src/output/warnings";
