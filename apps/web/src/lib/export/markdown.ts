// The Markdown summary is the runner's own (`pnpm bench --md`), with the permalink added, so a
// report downloaded from the page and one written by the CLI read the same; a swept run gets its
// grid and crossovers after it.
import { renderMarkdownReport } from "@relix/core/render/markdown";
import type { RunResult } from "@relix/core/result/result-schema";
import { sweepMarkdown } from "./sweep-export";

export function renderMarkdown(result: RunResult, permalink?: string): string {
  const sweep = sweepMarkdown(result);
  return sweep.length === 0
    ? renderMarkdownReport(result, permalink)
    : `${renderMarkdownReport(result, permalink)}${sweep.join("\n")}\n`;
}
