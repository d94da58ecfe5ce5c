import { MAX_TOTAL_RUN_MS, specBounds } from "../spec/bounds";
import { sideWindows, windowMsOf, type MeasuringInput } from "./measuring-time";

/**
 * How long a window counted in requests (spec `requests`) may last, per side per trial. In a
 * closed loop nothing says before the run how long N requests take: without a cap a million slow
 * calls would keep the runner busy for days, and the slower side would be measured over a longer
 * stretch of the machine's life than the other. So every count window of a run gets the same share
 * of the time the run's limit (MAX_TOTAL_RUN_MS) leaves once its warm-ups and its open-loop
 * schedules are counted: the whole run cannot measure for longer than the limit, however many
 * trials, cells and stacks it has, and every side of a cell has the same cap. An open-loop window
 * gets its schedule (N / rate) plus that share, so a tool that falls behind is stopped too.
 */

/** No count window gets more than the longest window a time-mode spec may ask for (5 min). */
export const MAX_COUNT_WINDOW_SHARE_MS = specBounds.durationMs.max;

/**
 * Nor, in a closed loop, less than the shortest (500 ms): a run that would leave less is refused
 * before it starts (measuring-limit.ts).
 */
export const MIN_COUNT_WINDOW_SHARE_MS = specBounds.durationMs.min;

/** The share of the limit each count window may take beyond its schedule; null in time mode. */
function spareShareMs(spec: MeasuringInput): number | null {
  if (spec.requests === undefined) return null;
  const windows = sideWindows(spec);
  const count = windows.reduce((n, w) => n + w.count, 0);
  const claimed = windows.reduce((ms, w) => ms + w.count * (spec.warmupMs + (w.windowMs ?? 0)), 0);
  return Math.min(MAX_COUNT_WINDOW_SHARE_MS, Math.max(0, (MAX_TOTAL_RUN_MS - claimed) / count));
}

/**
 * The longest one side's window of `workload`'s cells may last in one trial, in whole ms, the
 * same for every side (null in time mode). The engine splits it over the window's slices as it
 * splits the requests.
 */
export function countWindowCapMs(spec: MeasuringInput, workload: string): number | null {
  const share = spareShareMs(spec);
  if (share === null) return null;
  const schedule = windowMsOf(spec, workload);
  return Math.floor(schedule === null ? Math.max(MIN_COUNT_WINDOW_SHARE_MS, share) : schedule + share);
}

/**
 * Whether some window of the spec is counted in requests in a closed loop: its length is then the
 * cap's, not known before the run.
 */
export function hasClosedCountWindows(spec: MeasuringInput): boolean {
  return spec.requests !== undefined && sideWindows(spec).some((w) => w.windowMs === null);
}
