import { z } from "zod";
import { serviceProcessIds } from "../stacks/service-processes";

/**
 * One server process of a launch: which of the run's processes it is (stacks/service-processes.ts:
 * `node-rest`, `node-grpc`, `java-spring`...), its pid, and when it was spawned (ISO 8601). Two
 * launches with the same pids are one process measured twice.
 */
export const launchedProcessSchema = z.object({
  name: z.enum(serviceProcessIds),
  pid: z.number().int().min(1),
  startedAt: z.string(),
});
export type LaunchedProcess = z.infer<typeof launchedProcessSchema>;

/**
 * One launch of the run's server processes: the replicate a trial runs on. A process launch
 * carries its own JIT state, heap and core placement, so the run starts its servers afresh for
 * each trial (not the Redis and MariaDB behind them: those are the shared data), and each cell's
 * trial t names the launch it ran on (`cells[].trials[].launch`).
 */
export const launchRecordSchema = z.object({
  /** 1, 2, ... in the order the run started them. */
  launch: z.number().int().min(1),
  /**
   * True when this run started the processes for this launch (launch 1 as the run began, each
   * later one by stopping and starting them again). False when the run measured services it did
   * not start (the operator's, or ones a caller keeps across runs), which it cannot restart: then
   * every trial ran on this one launch, and the trials are not launches.
   */
  fresh: z.boolean(),
  /** The server processes of the launch; empty when they are not this machine's to see (the operator's). */
  processes: z.array(launchedProcessSchema),
});
export type LaunchRecord = z.infer<typeof launchRecordSchema>;
