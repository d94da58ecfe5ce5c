// The one-line descriptions and the findings every Relix output prints: the same modules as the
// CLI table and the Markdown export, so the page says the same thing in the same words.
export { describeEnvironment, describeLoad, describeRun, presetName } from "@relix/core/render/terminal/run-summary";
export { findingsOf, subjectLabel } from "@relix/core/render/findings/findings-of";
export type { Finding } from "@relix/core/findings/finding";
