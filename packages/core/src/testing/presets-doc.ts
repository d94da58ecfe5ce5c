import { readFileSync } from "node:fs";

/** docs/presets.md, where each preset's long story lives (its notes link there). */
export const presetsDoc = (): string =>
  // A paragraph's lines joined, so a test finds a phrase wherever the text wraps (tables, headings
  // and list items keep their own lines).
  readFileSync(new URL("../../../../docs/presets.md", import.meta.url), "utf8").replace(
    /([^\n])\n(?!\n|\||#|- )/g,
    "$1 ",
  );

/** The section of docs/presets.md headed `## name` (its anchor is the name), without the heading. */
export function presetDocSection(name: string): string {
  const doc = presetsDoc();
  const start = doc.indexOf(`\n## ${name}\n`);
  if (start < 0) throw new Error(`docs/presets.md has no section "## ${name}"`);
  const body = doc.slice(start + `\n## ${name}\n`.length);
  const end = body.indexOf("\n## ");
  return end < 0 ? body : body.slice(0, end);
}
