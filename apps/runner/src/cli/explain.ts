// `pnpm bench --explain [CODE]`: what a finding code printed in a report means. The codes and
// their titles come from the finding catalog (@relix/core findings/finding-catalog.ts); each
// code's page is its section of docs/findings.md, the one place the explanations are written.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { FINDING_KINDS, findingKindOfCode } from "@relix/core/findings/finding-catalog";
import { UsageError } from "./usage-error";

export const FINDINGS_DOC = fileURLToPath(new URL("../../../../docs/findings.md", import.meta.url));

/** Every code, its kind, title and weight, one line each. */
export function listFindingCodes(): string {
  const rows = Object.entries(FINDING_KINDS).map(
    ([kind, entry]) => `  ${entry.code}  ${kind.padEnd(26)}${entry.title.padEnd(32)}${entry.weight}`,
  );
  return [
    "Finding codes (a report prints one line per finding with its code; pnpm bench --explain CODE says more):",
    `  ${"code".padEnd(7)}${"kind".padEnd(26)}${"title".padEnd(32)}weight`,
    ...rows,
    `Pages: ${FINDINGS_DOC}`,
    "",
  ].join("\n");
}

/** The section of `doc` for `code`: from its "## CODE" heading to the next "## " heading. */
export function findingSection(doc: string, code: string): string | null {
  const lines = doc.split("\n");
  const start = lines.findIndex((line) => line.startsWith(`## ${code} `) || line === `## ${code}`);
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .filter((line) => !line.startsWith("<a id="))
    .join("\n")
    .trim();
}

/** The page of one code; a UsageError for a code the catalog does not have. */
export async function explainFindingCode(code: string, doc = FINDINGS_DOC): Promise<string> {
  const known = findingKindOfCode(code);
  if (known === null) {
    throw new UsageError(
      `--explain ${JSON.stringify(code)}: no such finding code; codes run from RX001 to ${Object.values(FINDING_KINDS).at(-1)!.code} (pnpm bench --explain lists them)`,
    );
  }
  const text = await readFile(doc, "utf8").catch(() => null);
  const section = text === null ? null : findingSection(text, known.entry.code);
  if (section === null) {
    return `${known.entry.code} ${known.kind}: ${known.entry.title} (weight: ${known.entry.weight})\nNo page for it in ${doc}.\n`;
  }
  return `${section}\n`;
}
