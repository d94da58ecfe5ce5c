/**
 * Closes long-lived resources on SIGINT/SIGTERM in order, and exits. A forced exit on an
 * unref'ed timer guarantees the process ends even if something refuses to close.
 */
export function closeOnSignals(close: () => Promise<void>, { timeoutMs, name }: { timeoutMs: number; name: string }) {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${name}: ${signal} received, draining`);
    const forced = setTimeout(() => {
      console.error(`${name}: did not close within ${timeoutMs} ms, forcing exit`);
      process.exit(1);
    }, timeoutMs);
    forced.unref();
    close().then(
      () => process.exit(0),
      (error) => {
        console.error(`${name}: error while closing`, error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
