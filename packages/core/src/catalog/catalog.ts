import { benchWorkloads } from "./workloads/bench";
import { computeWorkloads } from "./workloads/compute";
import { itemWorkloads } from "./workloads/items";
import { meteoriteWorkloads } from "./workloads/meteorites";
import { shapeWorkloadList } from "./workloads/shapes";
import type { Workload } from "./workload";

/** Every workload Relix can run, in the order the UI lists them. */
export const workloads: readonly Workload[] = [
  ...benchWorkloads.slice(0, 1),
  ...itemWorkloads,
  ...shapeWorkloadList,
  ...meteoriteWorkloads,
  ...benchWorkloads.slice(1),
  ...computeWorkloads,
];

export const workloadIds = workloads.map((w) => w.id);

const byId = new Map(workloads.map((w) => [w.id, w]));

export function findWorkload(id: string): Workload | undefined {
  return byId.get(id);
}

export function getWorkload(id: string): Workload {
  const workload = byId.get(id);
  if (!workload) throw new Error(`unknown workload "${id}" (known: ${workloadIds.join(", ")})`);
  return workload;
}
