import { renderCsv } from "@/lib/export/csv";
import { renderMarkdown } from "@/lib/export/markdown";
import { renderSweepCsv } from "@/lib/export/sweep-export";
import { resultOfRun } from "@/server/run-result";
import { runner } from "@/server/runner-client";

export const dynamic = "force-dynamic";

const FORMATS = {
  json: { type: "application/json; charset=utf-8", ext: "json" },
  csv: { type: "text/csv; charset=utf-8", ext: "csv" },
  md: { type: "text/markdown; charset=utf-8", ext: "md" },
  /** A swept run's points and crossovers, one row each (the cell CSV has a row per cell and stack). */
  "sweep-csv": { type: "text/csv; charset=utf-8", ext: "sweep.csv" },
} as const;

/** Downloads of a finished run: the result JSON as stored, the runner's CSV, a Markdown summary. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string; format: string }> },
): Promise<Response> {
  const { id, format } = await params;
  if (!Object.hasOwn(FORMATS, format))
    return new Response("unknown format (json, csv, md or sweep-csv)", { status: 404 });
  const run = await runner().getRun(id);
  if (!run) return new Response("unknown run", { status: 404 });
  if (run.status !== "done") return new Response(`run is ${run.status}: no result to export`, { status: 409 });
  const outcome = await resultOfRun(runner(), run);
  if (!outcome) return new Response("no result", { status: 404 });
  if (!outcome.ok) return new Response(`stored result is not valid: ${outcome.error}`, { status: 502 });

  const { type, ext } = FORMATS[format as keyof typeof FORMATS];
  if (format === "sweep-csv" && !outcome.result.sweep) return new Response("this run has no sweep", { status: 404 });
  const permalink = new URL(`/runs/${encodeURIComponent(id)}`, request.url).toString();
  const body =
    format === "json"
      ? `${JSON.stringify(outcome.result, null, 2)}\n`
      : format === "csv"
        ? renderCsv(outcome.result)
        : format === "sweep-csv"
          ? renderSweepCsv(outcome.result)
          : renderMarkdown(outcome.result, permalink);
  return new Response(body, {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="relix-${id}.${ext}"`,
      "cache-control": "private, max-age=60",
    },
  });
}
