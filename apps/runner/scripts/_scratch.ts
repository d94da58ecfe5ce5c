import { getFreePort } from "@relix/shared/backends/index";
import { runSpecSchema } from "@relix/shared";
import { ensureServices } from "../src/engine/service-manager";
import { loadTargets } from "../src/engine/targets";
import { runBenchmark } from "../src/engine/run-benchmark";

const t0 = performance.now();
const env = { SERVICES_HOST: "127.0.0.1", REST_PORT: String(await getFreePort()), GRPC_PORT: String(await getFreePort()), GRPC_METRICS_PORT: String(await getFreePort()) };
Object.assign(process.env, env);
console.error(env);
const targets = loadTargets(env);
const services = await ensureServices(targets, { log: (m) => console.error(`[svc ${Math.round(performance.now() - t0)}ms] ${m}`) });
console.error("services up", Math.round(performance.now() - t0));
const spec = runSpecSchema.parse({ workloads: ["item.get"], cacheModes: ["warm", "cold"], connections: 4, durationMs: 500, warmupMs: 200, trials: 2, keyCount: 20 });
const t1 = performance.now();
const result = await runBenchmark(spec, { services, onEvent: (e) => e.type !== "sample" && e.type !== "progress" && console.error(Math.round(performance.now() - t1), JSON.stringify(e)) });
console.error("run", Math.round(performance.now() - t1));
for (const c of result.cells) {
  console.log(c.workload, c.cacheMode, c.verdict, JSON.stringify(c.payload));
  for (const t of c.trials) console.log(t.order, t.rest.rps.toFixed(0), t.grpc.rps.toFixed(0), t.rest.latencyMs.p50, t.grpc.latencyMs.p50, JSON.stringify(t.rest.server), JSON.stringify(t.grpc.server), JSON.stringify(t.rest.generator), JSON.stringify(t.grpc.generator), t.rest.notes, t.grpc.notes, JSON.stringify(t.rest.connections), JSON.stringify(t.grpc.connections));
}
console.log(result.warnings, result.environment);
await services.stop();
