import type { FindingGroup } from "@relix/core/render/findings/finding-groups";

const WEIGHT_TEXT: Record<FindingGroup["weight"], string> = {
  refusal: "not measured",
  verdict: "can change a verdict",
  figures: "shifts figures, not the winner",
  reading: "how to read the figures",
};

/**
 * Every finding once per kind, folded under the answer: what can change a verdict first. Each
 * group names the cells it touches; unfolding it shows every sentence, in the words the terminal
 * and the Markdown export use.
 */
export function FindingsSection({ groups }: { groups: readonly FindingGroup[] }) {
  if (groups.length === 0) return null;
  const caveats = groups.filter((g) => g.weight === "refusal" || g.weight === "verdict").length;
  return (
    <details className="card card-pad section" id="findings" data-testid="findings">
      <summary>
        <strong>Findings</strong>{" "}
        <span className="muted small">
          {groups.length} kind{groups.length === 1 ? "" : "s"}, {caveats} that can change a verdict · what can change a
          verdict first
        </span>
      </summary>
      <ol className="small" style={{ margin: "10px 0 0", paddingLeft: 18 }}>
        {groups.map((group) => (
          <li
            key={group.anchor}
            id={group.anchor}
            data-testid="finding-group"
            data-kind={group.kind}
            data-weight={group.weight}
            style={{ marginTop: 8 }}
          >
            <span className={group.severity === "warning" ? "error-text" : undefined}>
              <strong>{group.summary}</strong>
            </span>{" "}
            <span className="muted">({WEIGHT_TEXT[group.weight]})</span>
            {group.findings.length === 1 ? (
              <div>{group.findings[0]!.text}</div>
            ) : (
              <details>
                <summary className="muted">each of its {group.findings.length} sentences</summary>
                <ul style={{ paddingLeft: 18 }}>
                  {group.findings.map((f, i) => (
                    <li key={i}>{f.text}</li>
                  ))}
                </ul>
              </details>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
