import { toolVersionsText } from "@relix/core/render/terminal/run-summary";
import type { RunResult } from "@relix/core/result/result-schema";
import { Proto } from "@/components/ui/Proto";
import { formatBytes, formatDuration, formatTimestamp } from "@/lib/format";
import { describeEnvironment } from "@/lib/report/run-description";

/** Where and how the numbers were measured: machine, versions and the exact spec (the findings are under the answer). */
export function EnvironmentSection({ result }: { result: RunResult }) {
  return (
    <section className="section">
      <h2>Environment and exact spec</h2>
      <div className="grid-2" style={{ marginTop: 12 }}>
        <div className="card table-wrap" data-testid="environment">
          <table className="data kv">
            <tbody>
              <tr>
                <td>CPU</td>
                <td>
                  {result.environment.cpuModel} · {result.environment.cores} cores
                </td>
              </tr>
              <tr>
                <td>Memory</td>
                <td>{formatBytes(result.environment.totalMemoryBytes)}</td>
              </tr>
              <tr>
                <td>Platform</td>
                <td>{result.environment.platform}</td>
              </tr>
              <tr>
                <td>Node</td>
                <td>{result.environment.node}</td>
              </tr>
              <tr>
                <td>Load tools</td>
                <td>{toolVersionsText(result.environment.versions)}</td>
              </tr>
              <tr>
                <td>Redis / MySQL</td>
                <td>
                  {result.environment.versions.redis ?? "?"} / {result.environment.versions.mysql ?? "?"}
                </td>
              </tr>
              <tr>
                <td>Backends</td>
                <td>
                  cache {result.environment.backends.cache}, store {result.environment.backends.store} (
                  {result.environment.backends.origin})
                </td>
              </tr>
              <tr>
                <td>Measured</td>
                <td>
                  {formatTimestamp(result.createdAt)} → {formatTimestamp(result.finishedAt)} (
                  {formatDuration(Date.parse(result.finishedAt) - Date.parse(result.createdAt))})
                </td>
              </tr>
              {result.importedAt ? (
                <tr>
                  <td>Imported</td>
                  <td>{formatTimestamp(result.importedAt)}</td>
                </tr>
              ) : null}
              <tr>
                <td>Summary</td>
                <td className="small">{describeEnvironment(result)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <div>
          <pre className="spec" data-testid="spec">
            {JSON.stringify(result.spec, null, 2)}
          </pre>
        </div>
      </div>
      <p className="muted small" style={{ marginTop: 12 }}>
        Legend everywhere: <Proto protocol="rest" /> Express, HTTP/1.1 + JSON · <Proto protocol="grpc" /> grpc-js,
        HTTP/2 + protobuf.
      </p>
    </section>
  );
}
