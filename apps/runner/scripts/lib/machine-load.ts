/**
 * How busy the machine was while a script measured, and how much of that was not the script
 * (its own process, the tools it ran, the two services). On a small shared machine other
 * processes' CPU is the main source of run-to-run noise: a verdict is read beside this line.
 * Linux only (/proc); elsewhere it reports nothing.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { LOAD_GENERATORS } from "../../src/engine/measure/generators/registry";
import { readServerStats } from "../../src/engine/measure/server-stats";
import type { ServiceTargets } from "../../src/engine/launch/targets";
import { readProcCpu } from "../../src/tools";

interface Snapshot {
  atMs: number;
  /** Jiffies of /proc/stat's "cpu" line: busy (everything but idle and iowait), steal. */
  busy: number;
  steal: number;
  /** ms of CPU used by this process, the children it reaped (wrk, ghz) and the two services. */
  ownMs: number;
}

const HZ = 100; // USER_HZ; /proc/stat counts in these ticks on every mainstream Linux

async function snapshot(targets: ServiceTargets): Promise<Snapshot | null> {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const self = readProcCpu("self");
    // Each service once: several generators (autocannon, h2load, relix-load) read the same one's /stats.
    const statsUrls = new Set([...LOAD_GENERATORS.values()].map((g) => g.statsUrl(targets)));
    const services = await Promise.all([...statsUrls].map((url) => readServerStats(url)));
    const servicesMs = services.reduce((sum, s) => sum + (s.cpu.userUs + s.cpu.systemUs) / 1000, 0);
    void idle;
    void iowait;
    return {
      atMs: performance.now(),
      busy: user + nice + system + irq + softirq + steal,
      steal,
      ownMs: (self ? self.userMs + self.systemMs + self.childUserMs + self.childSystemMs : 0) + servicesMs,
    };
  } catch {
    return null;
  }
}

export async function watchMachineLoad(targets: ServiceTargets) {
  const first = await snapshot(targets);
  return {
    async stop(): Promise<string> {
      const last = await snapshot(targets);
      if (!first || !last) return "machine load: not available on this platform";
      const seconds = (last.atMs - first.atMs) / 1000;
      const cores = (ticks: number) => ticks / HZ / seconds;
      const busy = cores(last.busy - first.busy);
      const own = (last.ownMs - first.ownMs) / 1000 / seconds;
      return (
        // /proc/stat counts every core of the machine, whatever cores this process was pinned to.
        `machine load over the run: ${busy.toFixed(2)} of ${os.cpus().length} cores busy on average, ` +
        `${own.toFixed(2)} of them this script, its tools and the services, ${Math.max(0, busy - own).toFixed(2)} everything else ` +
        `(Redis and MySQL included); steal ${cores(last.steal - first.steal).toFixed(2)}`
      );
    },
  };
}
