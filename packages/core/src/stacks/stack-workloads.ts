// Which workloads each stack serves. The Node stacks serve the whole catalog; a server of another
// runtime serves the workloads its studies use (its record's `workloads`). A run that asks a stack
// for a workload it does not serve would measure 404s or UNIMPLEMENTED, so it is refused first.
import { stackRecord, type StackId } from "./stacks";

/** Whether the stack serves the workload (a record without a list serves every one). */
export function stackServesWorkload(stack: StackId, workload: string): boolean {
  const served = stackRecord(stack).workloads;
  return served === undefined || served.includes(workload);
}

export interface UnservedWorkload {
  stack: StackId;
  workload: string;
}

/** Each stack and workload of a run that the stack does not serve, stacks in the order given. */
export function unservedWorkloads(stacks: readonly StackId[], workloads: readonly string[]): UnservedWorkload[] {
  return stacks.flatMap((stack) =>
    workloads.filter((workload) => !stackServesWorkload(stack, workload)).map((workload) => ({ stack, workload })),
  );
}

/** One sentence per stack naming what it does not serve, and what it does. */
export function unservedWorkloadReasons(unserved: readonly UnservedWorkload[]): string[] {
  const byStack = new Map<StackId, string[]>();
  for (const { stack, workload } of unserved) byStack.set(stack, [...(byStack.get(stack) ?? []), workload]);
  return [...byStack].map(
    ([stack, missing]) =>
      `the ${stack} stack does not serve ${missing.join(", ")} (it serves ${(stackRecord(stack).workloads ?? []).join(", ")})`,
  );
}
