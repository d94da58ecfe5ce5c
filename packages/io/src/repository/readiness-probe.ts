import { withDeadline } from "./with-deadline";

/**
 * Readiness of one store, asked by /readyz on every HTTP stack and by the gRPC health tracker:
 * callers that arrive while a ping is running share it, so a hung store never has more than one
 * ping in flight from this process, and each caller has an answer within `timeoutMs` whatever the
 * ping does (one still running by then counts as "not ready").
 */
export function createReadinessProbe(ping: () => Promise<void>, timeoutMs: number): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  const answers = async () => {
    try {
      await ping();
      return true;
    } catch {
      return false;
    }
  };
  return () => {
    // `finally` runs on a later tick, after the assignment, even when ping() throws at once.
    inFlight ??= answers().finally(() => {
      inFlight = undefined;
    });
    return withDeadline(inFlight, timeoutMs, () => new Error("no answer in time")).catch(() => false);
  };
}
