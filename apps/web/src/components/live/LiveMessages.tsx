import { cacheModeLabel, formatCount, formatMsNumber } from "@/lib/format";
import type { CellEnd, LiveMessage } from "@/lib/live/live-state";
import { PROTOCOL_LABEL } from "@/lib/protocol-style";

/** Errors and warnings as they happen; a repeated one counts up in place. */
export function LiveMessages({ messages }: { messages: readonly LiveMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <section className="section">
      <h2>Errors and warnings</h2>
      <div className="card" style={{ marginTop: 10 }}>
        <ul className="messages" data-testid="messages">
          {messages.map((m) => (
            <li key={m.key}>
              <span className={`lvl-${m.level}`}>{m.level === "error" ? "ERROR" : "WARNING"}</span>
              <span>{m.text}</span>
              {m.count > 1 ? <span className="muted small num">×{formatCount(m.count)}</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Each protocol run as it ended, newest first. */
export function CellEnds({ ends, labels }: { ends: readonly CellEnd[]; labels: Record<string, string> }) {
  if (ends.length === 0) return null;
  return (
    <section className="section">
      <h2>Finished so far</h2>
      <p className="section-sub">
        Each protocol run as it ended (client-side numbers); the report adds confidence intervals across trials.
      </p>
      <div className="card table-wrap">
        <table className="data" data-testid="cell-ends">
          <thead>
            <tr>
              <th>Workload</th>
              <th>Cache · placement</th>
              <th className="r">Trial</th>
              <th>Protocol</th>
              <th className="r">req/s</th>
              <th className="r">p50, ms</th>
              <th className="r">p99, ms</th>
              <th className="r">Errors</th>
            </tr>
          </thead>
          <tbody>
            {[...ends].reverse().map((c) => (
              <tr key={c.key}>
                <td>{labels[c.workload] ?? c.workload}</td>
                <td>
                  {cacheModeLabel(c.cacheMode)}
                  {c.placement ? ` · ${c.placement}` : ""}
                </td>
                <td className="r">{c.trial}</td>
                <td>
                  <span className={`proto proto-${c.protocol}`}>{c.stack ?? PROTOCOL_LABEL[c.protocol]}</span>
                </td>
                <td className="r">{formatCount(c.rps, c.rps < 100 ? 1 : 0)}</td>
                <td className="r">{formatMsNumber(c.p50Ms)}</td>
                <td className="r">{formatMsNumber(c.p99Ms)}</td>
                <td className="r">{formatCount(c.errors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
