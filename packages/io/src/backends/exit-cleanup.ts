const cleanups = new Set<() => void>();
let hooked = false;

/**
 * Runs `cleanup` synchronously if this process exits while it is still registered, so a caller that
 * crashes or forgets stop() does not leave servers and temp dirs behind. Returns the unregister function.
 * Only the 'exit' event is used: signal handling stays the host application's decision.
 */
export function onProcessExit(cleanup: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once("exit", runAll);
  }
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

function runAll(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Best effort: the process is exiting and has nobody left to tell.
    }
  }
  cleanups.clear();
}
