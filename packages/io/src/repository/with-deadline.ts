/**
 * `work`'s outcome, or `timedOut()`'s error once `ms` have passed without one. The work itself is
 * not stopped (a promise cannot be): whoever starts it keeps it bounded on its own (a query
 * timeout, a queue limit), so this only bounds how long a caller waits.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
