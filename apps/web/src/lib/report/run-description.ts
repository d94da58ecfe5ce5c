// The one-line descriptions and the warnings every Relix output prints: the runner's own modules,
// so the page, the CLI table and the Markdown export say the same thing.
export { describeEnvironment, describeLoad, describeRun, presetName } from "@relix/core/render/run-summary";
export { resultWarnings } from "@relix/core/render/warnings";
