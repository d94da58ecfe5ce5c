// Where the variance of a ratio lives: between launches of the servers, or between the slices of
// one launch (Kalibera and Jones's levels). Each launch holds its paired slices' log ratios; a
// one-way random-effects analysis of variance splits their spread in two by the method of moments:
// the within-launch variance is the pooled variance of the slices around their launch's mean, and
// the launch-level variance is what the launch means scatter beyond what their slices explain. How
// many launches and how many slices a run needs follows from the two: a launch mean's variance is
// launch + within / slices, and only more launches shrink the first part.

export interface VarianceLevels {
  launches: number;
  /** The mean number of paired slices per launch. */
  slicesPerLaunch: number;
  /** Standard deviation of a launch's own effect on the log ratio (0 when none shows). */
  launchSd: number;
  /** Standard deviation of one slice's log ratio around its launch's mean. */
  sliceSd: number;
  /** The share of a launch mean's variance that is the launch's own effect (0-1). */
  launchShare: number;
}

const meanOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * `byLaunch[l]`: launch l's slice log ratios. Null unless two launches or more have two slices or
 * more each.
 */
export function varianceLevels(byLaunch: ReadonlyArray<readonly number[]>): VarianceLevels | null {
  const launches = byLaunch.filter((slices) => slices.length >= 2);
  if (launches.length < 2) return null;
  const means = launches.map(meanOf);
  let withinSquares = 0;
  let withinDegrees = 0;
  launches.forEach((slices, l) => {
    for (const value of slices) withinSquares += (value - means[l]!) ** 2;
    withinDegrees += slices.length - 1;
  });
  const within = withinSquares / withinDegrees;
  const slicesPerLaunch = meanOf(launches.map((slices) => slices.length));
  const grand = meanOf(means);
  const betweenMeans = means.reduce((s, m) => s + (m - grand) ** 2, 0) / (means.length - 1);
  // What the launch means scatter beyond their slices' share of it (never below 0).
  const launch = Math.max(0, betweenMeans - within / slicesPerLaunch);
  const launchMeanVariance = launch + within / slicesPerLaunch;
  return {
    launches: launches.length,
    slicesPerLaunch,
    launchSd: Math.sqrt(launch),
    sliceSd: Math.sqrt(within),
    launchShare: launchMeanVariance > 0 ? launch / launchMeanVariance : 0,
  };
}
