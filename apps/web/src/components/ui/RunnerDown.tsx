/** Shown when the runner service does not answer: what is wrong and how to fix it. */
export function RunnerDown({ message }: { message: string }) {
  return (
    <div className="banner banner-bad" role="alert" data-testid="runner-down">
      <strong>The runner is not reachable.</strong> {message}
      <div className="small" style={{ marginTop: 6 }}>
        Start it with <code>pnpm --filter @relix/runner start</code> (or <code>pnpm start</code> for everything), or
        point this app at it with <code>RUNNER_URL</code>. Then reload this page.
      </div>
    </div>
  );
}
