/**
 * Locust-style users (each one: pick a task by weight, run it, think, repeat) turned into the load
 * they put on a server once all of them are running, by Little's law. Neither load generator can
 * run such users (see study-001.ts), so a preset states this arithmetic instead of guessing.
 *
 * One user's cycle is a task plus a think time, so it runs 1 / (mean task time + mean think time)
 * tasks a second; N users run N times that, split over the tasks by weight. Little's law
 * (in flight = rate x time) then gives how many of each task are in flight, and how many users
 * are thinking, at any moment.
 */

export interface ThinkingUsersModel {
  users: number;
  /** Think time drawn uniformly from this range, in seconds. */
  thinkSeconds: { min: number; max: number };
  /** Per task: its weight in the mix and how long one run of it takes, in seconds. */
  tasks: Record<string, { weight: number; seconds: number }>;
}

export interface TaskLoad {
  /** Tasks started per second, all users together. */
  perSecond: number;
  /** Of this task, running at any moment. */
  inFlight: number;
}

export interface ThinkingUsersLoad {
  /** Tasks per second, all users and tasks together. */
  perSecond: number;
  /** Users thinking at any moment (the rest are running a task). */
  thinking: number;
  meanThinkSeconds: number;
  meanTaskSeconds: number;
  tasks: Record<string, TaskLoad>;
}

export function thinkingUsersLoad(model: ThinkingUsersModel): ThinkingUsersLoad {
  const entries = Object.entries(model.tasks);
  const totalWeight = entries.reduce((sum, [, t]) => sum + t.weight, 0);
  if (!(model.users > 0) || !(totalWeight > 0)) throw new RangeError("users and the tasks' weights must be positive");
  const meanThinkSeconds = (model.thinkSeconds.min + model.thinkSeconds.max) / 2;
  const meanTaskSeconds = entries.reduce((sum, [, t]) => sum + (t.weight / totalWeight) * t.seconds, 0);
  const perSecond = model.users / (meanTaskSeconds + meanThinkSeconds);
  const tasks = Object.fromEntries(
    entries.map(([name, t]) => {
      const rate = (perSecond * t.weight) / totalWeight;
      return [name, { perSecond: rate, inFlight: rate * t.seconds }];
    }),
  );
  return { perSecond, thinking: perSecond * meanThinkSeconds, meanThinkSeconds, meanTaskSeconds, tasks };
}
