"use client";

import { useEffect, useState } from "react";

interface IndexEntry {
  id: string;
  label: string;
}

/** "Cache: warm vs cold" -> "cache-warm-vs-cold": an id a heading keeps from one visit to the next. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The report's sections as links in a bar that stays at the top of the screen while scrolling.
 * It reads the headings the report rendered, so it never names a section this run does not have
 * (a sweep, placements, stacks and published figures appear only in some runs).
 */
export function ReportIndex() {
  const [entries, setEntries] = useState<IndexEntry[]>([]);
  useEffect(() => {
    const report = document.querySelector('[data-testid="report"]');
    if (!report) return;
    const found: IndexEntry[] = [
      { id: "answer", label: "Answer" },
      ...(document.getElementById("findings") ? [{ id: "findings", label: "Findings" }] : []),
      { id: "verdicts", label: "Verdicts" },
    ];
    for (const heading of report.querySelectorAll<HTMLHeadingElement>("section > h2")) {
      const section = heading.parentElement!;
      if (!section.id) section.id = slug(heading.textContent ?? "");
      // The label up to its colon: "Sweep", "Cache", "Stacks"; short enough for one bar.
      found.push({ id: section.id, label: (heading.textContent ?? "").split(":")[0]!.trim() });
    }
    // The headings exist only once the report is in the document: reading them is the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time read of the rendered DOM
    setEntries(found);
  }, []);
  return (
    <nav className="report-index" aria-label="Sections of this report" data-testid="report-index">
      {entries.map((entry) => (
        <a key={entry.id} href={`#${entry.id}`}>
          {entry.label}
        </a>
      ))}
    </nav>
  );
}
