// The gRPC reference: the ghz CLI run directly, read from its own summary.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { EngineContext } from "../../src/engine/engine-context";
import { ghzOptionsFor } from "../../src/engine/measure/generators/ghz-generator";
import { loadPlanOf, type ProtocolRunPlan } from "../../src/engine/measure/measure-protocol";
import type { ComparisonOptions } from "../lib/script-options";
import type { Figures } from "./figures";

const execFileP = promisify(execFile);

/** The parts of ghz's JSON report read here. */
interface GhzSummary {
  count: number;
  rps: number;
  /** ns, every call (errors included) */
  average: number;
  latencyDistribution: Array<{ percentage: number; latency: number }> | null;
  statusCodeDistribution: Record<string, number> | null;
}

export async function measureWithGhzCli(
  plan: ProtocolRunPlan,
  context: EngineContext,
  dir: string,
  options: ComparisonOptions,
): Promise<Figures> {
  // Same proto, call, request data and metadata as the engine, and like the engine no template
  // processing (ghz's default runs Go templates over every call's data and metadata: CPU taken
  // from the servers on a small machine, ~20% fewer calls/s measured here). Everything else,
  // including how it ends the run and computes its summary, is ghz's default.
  const o = ghzOptionsFor(loadPlanOf(plan, context, options.durationMs));
  const dataFile = path.join(dir, `${plan.workload.id}.json`);
  const outFile = path.join(dir, `${plan.workload.id}-report.json`);
  await writeFile(dataFile, JSON.stringify(o.data));
  const run = async (ms: number) => {
    const args = [
      "--insecure",
      "--proto",
      o.protoFile,
      "--import-paths",
      (o.importPaths ?? []).join(","),
      "--call",
      o.call,
      "-c",
      String(options.connections),
      "--connections",
      "1",
      "-z",
      `${ms}ms`,
      "--data-file",
      dataFile,
      "--metadata",
      JSON.stringify(o.metadata ?? {}),
      "--disable-template-functions",
      "--disable-template-data",
      "--format",
      "json",
      "--output",
      outFile,
      o.target,
    ];
    await execFileP(o.ghzBin, args, { timeout: ms + 30_000 });
    return JSON.parse(await readFile(outFile, "utf8")) as GhzSummary;
  };
  if (options.warmupMs > 0) await run(options.warmupMs);
  const report = await run(options.durationMs);
  const p50 = report.latencyDistribution?.find((d) => d.percentage === 50);
  if (!p50) throw new Error("ghz report has no 50th percentile");
  const notOk = Object.entries(report.statusCodeDistribution ?? {}).filter(([code]) => code !== "OK");
  return {
    p50Ms: p50.latency / 1e6,
    meanMs: report.average / 1e6,
    rps: report.rps,
    // ghz's default --duration-stop close cancels the calls in flight at the end: a handful is expected.
    problems:
      notOk.length > 0
        ? [
            `ghz CLI: non-OK ${JSON.stringify(Object.fromEntries(notOk))} of ${report.count} (its default end of run cancels in-flight calls)`,
          ]
        : [],
  };
}
