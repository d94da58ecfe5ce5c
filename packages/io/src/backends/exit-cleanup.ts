const cleanups = new Set<() => void>();
let hooked = false;

/** The signals whose default action ends the process without an 'exit' event. */
const FATAL_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs `cleanup` synchronously if this process ends while it is still registered, so a caller that
 * crashes or forgets stop() does not leave servers and temp dirs behind. Returns the unregister function.
 * Covered: a normal exit and process.exit(), an uncaught exception or unhandled rejection (Node emits
 * 'exit' for both), and SIGINT / SIGTERM / SIGHUP when the host does not handle them (see
 * onFatalSignal). Not covered, as nothing runs then: SIGKILL and running out of memory; the
 * runner's start-up sweep (lifetime/leftover-sweep.ts) is what cleans up after those.
 */
export function onProcessExit(cleanup: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once("exit", runAll);
    // First in line, so that a host's `once` listener is still counted when this one looks.
    for (const signal of FATAL_SIGNALS) process.prependListener(signal, onFatalSignal);
  }
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/**
 * Signal handling stays the host application's decision: a host with its own listener (a graceful
 * stop, which ends in 'exit' and so in runAll) is left to it. When this is the only listener, the
 * signal would have killed the process outright (the default action, or a host's `once` listener
 * already spent by a first Ctrl-C): clean up, then die of the same signal, as without this module.
 */
function onFatalSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  runAll();
  for (const fatal of FATAL_SIGNALS) process.removeListener(fatal, onFatalSignal);
  process.kill(process.pid, signal);
}

function runAll(): void {
  // Last registered first: a server goes before the folder it runs in.
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup();
    } catch {
      // Best effort: the process is exiting and has nobody left to tell.
    }
  }
  cleanups.clear();
}
