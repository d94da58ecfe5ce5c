import type { RunResult } from "@relix/core/result/result-schema";
import { publishedFiguresOfResult } from "@relix/core/presets/published-figures";
import { figureNaming } from "./figure-naming";
import { PublishedFiguresCard } from "./PublishedFiguresCard";
import { PublishedSpeedupTable } from "./PublishedSpeedupTable";

/** A study preset's published figures beside what this run measured. */
export function PublishedSection({ result }: { result: RunResult }) {
  const published = publishedFiguresOfResult(result);
  if (published.length === 0) return null;
  // Each distinct note once, numbered; the rows carry its number, so a note is read, not hovered.
  const notes = [...new Set(published.flatMap((f) => (f.note === undefined ? [] : [f.note])))];
  const naming = figureNaming(result, notes);
  return (
    <section className="section" data-testid="published-section">
      <h2>Published vs measured</h2>
      <p className="section-sub">
        What the study reported beside what this run measured. Absolute numbers depend on the machine; compare the
        speedups (&gt; 1: gRPC better).
      </p>
      <div className="grid-2">
        <PublishedFiguresCard published={published} naming={naming} />
        <PublishedSpeedupTable published={published} naming={naming} />
      </div>
      {notes.length > 0 ? (
        <ol className="small" style={{ margin: "12px 0 0", paddingLeft: 24 }} data-testid="figure-notes">
          {notes.map((note) => (
            <li key={note} style={{ marginTop: 4 }}>
              {note}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
