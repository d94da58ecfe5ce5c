// Who may start a new peak-RSS window on a service's /stats: the runner, before each measured run.
//
// A reset changes what the next result reports, so it is not a GET: `GET /stats?resetPeakRss=1`
// could come from any page the benchmarking user has open (an <img> or a link is enough). The
// reset is `POST /stats` with the header below. A page on another origin cannot send a custom
// header without a CORS preflight, and no Relix service answers one, so the browser never sends
// the POST. Why not a token shared with the runner: the runner often measures services it did not
// start (`pnpm start` starts them before it, Docker runs them in their own containers, the two-host
// setup on another machine), and a secret would have to reach every one of them; while a program
// that can reach these ports could skew a run anyway, by sending it load.
// The same rule on every stack: every HTTP stack, and the gRPC API's side port.

/** `x-relix-reset-peak-rss: 1` on `POST /stats`: snapshot, then start a new peak-RSS window. */
export const PEAK_RSS_RESET_HEADER = "x-relix-reset-peak-rss";

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** True when a `POST /stats` carries the header that asks for the reset. */
export function asksPeakRssReset(headers: Headers): boolean {
  return headers[PEAK_RSS_RESET_HEADER] === "1";
}

/** The answer to a `POST /stats` without that header: nothing was read or reset. */
export const PEAK_RSS_RESET_REFUSED = {
  status: 403,
  code: "forbidden",
  message: `resetting the peak RSS is POST /stats with ${PEAK_RSS_RESET_HEADER}: 1 (the runner's call); GET /stats only reads`,
} as const;
