// The REST reference: `wrk -t1 -c N -d D --latency`, sending the engine's own request sequence.
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { EngineContext } from "../../src/engine/engine-context";
import { autocannonOptionsFor } from "../../src/engine/measure/generators/autocannon-generator";
import { loadPlanOf, type ProtocolRunPlan } from "../../src/engine/measure/measure-protocol";
import { restBaseUrl } from "../../src/engine/launch/targets";
import type { ComparisonOptions } from "../lib/script-options";
import { parseWrkOutput, wrkRoundRobinScript, type WrkSummary } from "../lib/wrk-output";
import type { Figures } from "./figures";

const execFileP = promisify(execFile);

export async function wrkVersionLine(): Promise<string> {
  const { stdout } = await execFileP("wrk", ["-v"]).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? "" }));
  return stdout.split("\n")[0]?.trim() || "wrk";
}

export async function measureWithWrk(
  plan: ProtocolRunPlan,
  context: EngineContext,
  dir: string,
  options: ComparisonOptions,
): Promise<Figures> {
  // The engine's own request sequence (paths and headers), so both clients ask for the same thing.
  const requests = autocannonOptionsFor(loadPlanOf(plan, context, options.durationMs)).requests.map((r) => ({
    method: r.method,
    path: r.path,
    headers: r.headers ?? {},
  }));
  const script = path.join(dir, `${plan.workload.id}.lua`);
  await writeFile(script, wrkRoundRobinScript(requests));
  const run = async (seconds: number) => {
    const args = [
      "-t1",
      `-c${options.connections}`,
      `-d${seconds}s`,
      "--latency",
      "-s",
      script,
      `${restBaseUrl(context.targets)}/`,
    ];
    const { stdout } = await execFileP("wrk", args, { timeout: seconds * 1000 + 15_000 });
    return parseWrkOutput(stdout);
  };
  if (options.warmupMs > 0) await run(options.warmupMs / 1000);
  const s: WrkSummary = await run(options.durationMs / 1000);
  const errors = Object.values(s.socketErrors).reduce((a, b) => a + b, 0);
  return {
    p50Ms: s.latencyMs.p50,
    meanMs: s.latencyMs.mean,
    rps: s.rps,
    problems: [
      ...(s.non2xx > 0 ? [`wrk: ${s.non2xx} non-2xx responses`] : []),
      ...(errors > 0 ? [`wrk: socket errors ${JSON.stringify(s.socketErrors)}`] : []),
    ],
  };
}
