import type { Finding } from "@/lib/report/run-description";

/**
 * What a reader must know before trusting the numbers: the warnings, loud, at the top of the
 * report. The same list, in the same words, as the CLI table and the Markdown export.
 */
export function FindingWarnings({ findings }: { findings: Finding[] }) {
  const warnings = findings.filter((f) => f.severity === "warning");
  if (warnings.length === 0) return null;
  return (
    <div className="section" style={{ marginTop: 0 }} data-testid="warnings">
      {warnings.map((f) => (
        <div key={f.text} className="banner banner-warn" data-kind={f.kind}>
          {f.text}
        </div>
      ))}
    </div>
  );
}

/** How to read the numbers (the load loop, the warm-up, what a tool could not do): quieter. */
export function FindingNotes({ findings }: { findings: Finding[] }) {
  const notes = findings.filter((f) => f.severity === "note");
  if (notes.length === 0) return null;
  return (
    <div className="card card-pad" style={{ marginTop: 16 }} data-testid="notes">
      <h3>Notes on these numbers</h3>
      <ul className="small" style={{ margin: "8px 0 0", paddingLeft: 18 }}>
        {notes.map((f) => (
          <li key={f.text} style={{ marginTop: 4 }} data-kind={f.kind}>
            {f.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
