import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { getFreePort } from "@relix/shared/backends/index";
import { runSpecSchema, getWorkload } from "@relix/shared";
import { ensureServices } from "../src/engine/service-manager";
import { loadTargets, restBaseUrl } from "../src/engine/targets";
import { measureProtocol } from "../src/engine/measure-protocol";
import { runAutocannon } from "../src/tools";
const exec = promisify(execFile);
const env = { SERVICES_HOST: "127.0.0.1", REST_PORT: String(await getFreePort()), GRPC_PORT: String(await getFreePort()), GRPC_METRICS_PORT: String(await getFreePort()) };
const targets = loadTargets(env);
const services = await ensureServices(targets);
const C = Number(process.env.C ?? 8);
const D = Number(process.env.D ?? 5);
try {
  const spec = runSpecSchema.parse({ workloads: ["noop"], connections: C, durationMs: D * 1000, warmupMs: 1000 });
  const workload = getWorkload("noop");
  const cell = { workload: "noop", cacheMode: "none" as const, trial: 1, trials: 1, protocol: "rest" as const, index: 1, total: 1 };
  for (let i = 0; i < 3; i++) {
    const cli = await exec("node_modules/.bin/autocannon", ["-c", String(C), "-d", String(D), "-j", `${restBaseUrl(targets)}/v1/noop`], { maxBuffer: 1 << 24 });
    const j = JSON.parse(cli.stdout);
    const m = await measureProtocol({ workload, cacheMode: "warm", requests: [{}], spec, cell }, targets, () => {});
    const raw = await runAutocannon({ url: restBaseUrl(targets), requests: [{ method: "GET", path: "/v1/noop" }], connections: C, durationMs: D * 1000 });
    const rawRps = raw.samples.filter((s) => s.ok).length / (D);
    console.log(`cli avg ${j.requests.average} total/dur ${(j.requests.total / j.duration).toFixed(0)} p50 ${j.latency.p50} | relix ${m.rps.toFixed(0)} p50 ${m.latencyMs.p50} gen ${JSON.stringify(m.generator)} | driver-plain ${rawRps.toFixed(0)} cpu ${raw.toolCpuCoreFraction.toFixed(2)} elu ${raw.eventLoopUtilization.toFixed(2)}`);
  }
} finally {
  await services.stop();
}
