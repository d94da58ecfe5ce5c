// Who takes a stack's interval figures (server time and calls since the last read): only the
// runner's once-a-second live poll, which draws the live chart from them. The runner also reads
// /stats around every slice of a run for its counters, several times a second; those reads send
// this header so they leave the interval to the live poll, which would otherwise find it emptied
// and draw an idle stack. The same rule on every stack: every HTTP stack, and
// the gRPC API's side port.

/** `x-relix-keep-interval: 1` on a read of /stats: the counters, without taking the interval. */
export const KEEP_INTERVAL_HEADER = "x-relix-keep-interval";

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** True when a read of /stats asks to leave the interval to the live poll. */
export function keepsInterval(headers: Headers): boolean {
  return headers[KEEP_INTERVAL_HEADER] === "1";
}
