/**
 * What the caller pays: per payload workload, the CPU a client spends encoding the request and
 * decoding the reply, as JSON and as protobuf, in Node, Go and Python, all three decoding the
 * same bytes the servers send. Prints the tables and writes data/caller-costs.json (schema:
 * @relix/core's callerCostsFileSchema). A runtime that cannot run here is skipped, with why.
 *
 *   pnpm bench:codecs [--workloads item.get,echo] [--rounds 5] [--round-ms 20] [--out FILE]
 *
 * Which codec the gRPC server itself should serve with is the other question, answered by
 * `pnpm --filter @relix/grpc-api bench:server-codecs`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { CallerRuntime, CallerRuntimeRecord } from "@relix/core";
import { generatePbjs } from "./codec-plugins";
import { prepareGo, type Prepared } from "./caller-costs/go-runtime";
import { measureInterleaved, type Candidate, type Schedule } from "./caller-costs/measure";
import { nodeCodecIds } from "./caller-costs/node-codecs";
import { CACHE_DIR, CALLER_COSTS_FILE, PBJS_MODULE, REPO_ROOT } from "./caller-costs/paths";
import { writePayloads } from "./caller-costs/payloads";
import { preparePython } from "./caller-costs/python-runtime";
import { buildCallerCostsFile, renderCallerCosts } from "./caller-costs/report";
import { startWorker, type Worker } from "./caller-costs/worker-process";

const NODE_WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "caller-costs/node-worker.ts");

const { values } = parseArgs({
  options: {
    workloads: { type: "string" },
    rounds: { type: "string", default: "5" },
    "round-ms": { type: "string", default: "20" },
    out: { type: "string", default: CALLER_COSTS_FILE },
  },
});
const schedule: Schedule = { rounds: Number(values.rounds), warmupRounds: 1, roundMs: Number(values["round-ms"]) };
if (!Number.isInteger(schedule.rounds) || schedule.rounds < 1 || schedule.rounds > 50) {
  throw new Error("--rounds must be a whole number from 1 to 50");
}
if (!(schedule.roundMs >= 1 && schedule.roundMs <= 1000)) throw new Error("--round-ms must be from 1 to 1000");

// pnpm runs the script in this package's folder: a relative --out is the caller's, from where pnpm was started.
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
const started = Date.now();
const log = (line: string) => console.error(`[caller costs ${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);
const payloadDir = mkdtempSync(path.join(os.tmpdir(), "relix-caller-costs-"));
const workers: Worker[] = [];
try {
  const payloads = await writePayloads(
    payloadDir,
    values.workloads?.split(",").map((w) => w.trim()),
  );
  log(`${payloads.length} workloads' requests and replies written to ${payloadDir}`);
  mkdirSync(CACHE_DIR, { recursive: true });
  generatePbjs(PBJS_MODULE);

  const runtimes: CallerRuntimeRecord[] = [];
  const candidates: Candidate[] = [];

  // Node: one process per codec, so none inherits another's JIT state.
  const startedNode = await Promise.allSettled(
    nodeCodecIds.map((codec) =>
      startWorker(`node ${codec}`, process.execPath, [...process.execArgv, NODE_WORKER, codec, payloadDir]),
    ),
  );
  const nodeWorkers = startedNode.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  workers.push(...nodeWorkers);
  const failed = startedNode.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
  runtimes.push({
    runtime: "node",
    status: "measured",
    version: process.version,
    codecs: nodeWorkers.flatMap((worker) => worker.hello.codecs),
  });
  for (const worker of nodeWorkers) candidates.push({ runtime: "node", codec: worker.hello.codecs[0]!.id, worker });

  // Go and Python: one process each, measuring every codec it names; either may be missing here.
  const others: [CallerRuntime, () => Prepared][] = [
    ["go", () => prepareGo(payloadDir)],
    ["python", () => preparePython(payloadDir)],
  ];
  for (const [runtime, prepare] of others) {
    log(`preparing ${runtime}`);
    const prepared = prepare();
    let worker: Worker | undefined;
    let reason = "skipped" in prepared ? prepared.skipped : undefined;
    if (!("skipped" in prepared)) {
      try {
        worker = await startWorker(runtime, prepared.command, prepared.args, prepared.env);
      } catch (error) {
        reason = `its worker did not start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (!worker) {
      log(`${runtime} SKIPPED: ${reason}`);
      runtimes.push({ runtime, status: "skipped", reason: reason! });
      continue;
    }
    workers.push(worker);
    runtimes.push({ runtime, status: "measured", version: worker.hello.version, codecs: worker.hello.codecs });
    for (const codec of worker.hello.codecs) candidates.push({ runtime, codec: codec.id, worker });
  }

  const ids = payloads.map((p) => p.entry.id);
  log(
    `measuring ${ids.length} workloads x ${candidates.length} codecs, ${schedule.warmupRounds} + ${schedule.rounds} passes`,
  );
  const timings = await measureInterleaved(candidates, ids, schedule, (pass, passes) =>
    log(`pass ${pass + 1} of ${passes}${pass < schedule.warmupRounds ? " (warm-up, not kept)" : ""}`),
  );
  const file = buildCallerCostsFile({ payloads, runtimes, candidates, timings, schedule, measuredAt: new Date() });

  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
  // Written as the repository formats JSON, so `pnpm format` passes on a fresh run.
  spawnSync("prettier", ["--write", "--log-level", "warn", out], { stdio: "inherit" });
  console.log(renderCallerCosts(file).join("\n"));
  log(`written to ${path.relative(REPO_ROOT, out)}`);
} finally {
  for (const worker of workers) worker.close();
  rmSync(payloadDir, { recursive: true, force: true });
}
