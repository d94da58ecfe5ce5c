// The answer block and the grouped findings as text: the terminal's lines and the Markdown's.
// What they say comes from answer.ts and finding-groups.ts; this only lays it out.
import type { FindingGroup } from "../findings/finding-groups";
import type { Answer, AnswerPicture } from "./answer";
import type { Styles } from "../terminal/ansi";

/** Where the picture is in a text report, which cannot draw it: the section that holds its figures. */
const PICTURE_IN_TEXT: Record<AnswerPicture, string> = {
  sweep: "the sweep's grid and crossovers below",
  placements: "the results by placement below",
  stacks: "the layer walk below",
  speedup: "the p50 speedup column of the results below",
};

/**
 * The picture's line. A run that asked the two questions prints both figures above it, and the
 * results' p50 speedup column is then not the headline: it is read at the cells' own load, named
 * ("p50 speedup @8") where that load queued, so it never reads as latency beside the latency figure.
 * `queuedLoad`: "@8" (question-figures.ts queuedLoadTag), or null where none queued or it is not known.
 */
function pictureText(picture: AnswerPicture, figures: readonly string[], queuedLoad: string | null): string {
  if (picture !== "speedup" || figures.length === 0) return PICTURE_IN_TEXT[picture];
  const column =
    queuedLoad === null
      ? "the p50 speedup column of the results below is at each cell's own load"
      : `the p50 speedup ${queuedLoad} column of the results below is under saturation (queueing, not latency alone)`;
  return `the latency and capacity figures above; ${column}`;
}

function headlineLines(answer: Answer): string[] {
  return [...answer.headlines, ...(answer.more > 0 ? [`and ${answer.more} more in the results below`] : [])];
}

/**
 * `figures`: both headline figures of each cell, aligned (terminal/question-lines.ts), under its
 * sentences; `queuedLoad` as pictureText takes it.
 */
export function answerTerminalLines(
  answer: Answer,
  s: Styles,
  figures: readonly string[] = [],
  queuedLoad: string | null = null,
): string[] {
  return [
    s.bold("Answer"),
    `  ${s.dim("Question:")} ${answer.question}`,
    ...headlineLines(answer).map((line) => `  - ${line}`),
    ...figures,
    ...(answer.why ? [`  ${s.dim("Why:")} ${answer.why}`] : []),
    `  ${s.dim("Picture:")} ${pictureText(answer.picture, figures, queuedLoad)}`,
    `  ${s.dim("Trust:")} ${answer.trust}${answer.caveats.length > 0 ? " See Findings at the end." : ""}`,
  ];
}

/** One paragraph per group: a warning loud, a note quiet, as the findings were printed before grouping. */
export function findingsTerminalLines(groups: readonly FindingGroup[], s: Styles): string[] {
  if (groups.length === 0) return [];
  return [
    "",
    s.bold("Findings") + s.dim(" · once per kind, what can change a verdict first"),
    ...groups.map((g) =>
      g.severity === "warning" ? s.bold(s.red(`!!! WARNING: ${g.paragraph}`)) : s.dim(`note: ${g.paragraph}`),
    ),
  ];
}

const oneLine = (text: string) => text.replace(/\r?\n/g, " ");

/**
 * `figures`: both headline figures of each cell as a table (markdown/questions-markdown.ts), under
 * its sentences; `queuedLoad` as pictureText takes it.
 */
export function answerMarkdownLines(
  answer: Answer,
  figures: readonly string[] = [],
  queuedLoad: string | null = null,
): string[] {
  const trust = answer.caveats.length > 0 ? `[${answer.trust}](#findings)` : answer.trust;
  return [
    "## Answer",
    "",
    `**${answer.question}**`,
    "",
    ...headlineLines(answer).map((line) => `- ${oneLine(line)}`),
    "",
    ...(figures.length > 0 ? [...figures, ""] : []),
    ...(answer.why ? [`**Why:** ${oneLine(answer.why)}`, ""] : []),
    `**Picture:** ${pictureText(answer.picture, figures, queuedLoad)}.`,
    "",
    `**Trust:** ${trust}`,
  ];
}

/** The groups that may change a verdict (and any warning), loud, right under the answer. */
export const isMarkdownFinding = (g: FindingGroup) =>
  g.severity === "warning" || g.weight === "refusal" || g.weight === "verdict";

export function findingsMarkdownLines(groups: readonly FindingGroup[]): string[] {
  const loud = groups.filter(isMarkdownFinding);
  if (loud.length === 0) return [];
  return [
    "## Findings",
    "",
    ...loud.flatMap((g) => [
      g.severity === "warning" ? `> **WARNING:** ${oneLine(g.paragraph)}` : `> **Note:** ${oneLine(g.paragraph)}`,
      "",
    ]),
  ];
}

/** How to read the figures: the quieter groups, as a list at the end. */
export function notesMarkdownLines(groups: readonly FindingGroup[]): string[] {
  const quiet = groups.filter((g) => !isMarkdownFinding(g));
  return quiet.length > 0 ? ["", "## Notes", "", ...quiet.map((g) => `- ${oneLine(g.paragraph)}`)] : [];
}
