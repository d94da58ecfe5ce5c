// The Markdown summary is the runner's own (`pnpm bench --md`, a swept run's grid and crossovers
// included), with the permalink added, so a report downloaded from the page and one written by the
// CLI read the same.
export { renderMarkdownReport as renderMarkdown } from "@relix/core/render/markdown/markdown";
