import { getFreePort, resolveBackends } from "@relix/shared/backends/index";
import { runSpecSchema } from "@relix/shared";
import { spawnService } from "../src/engine/service-processes";
import { loadTargets } from "../src/engine/targets";
import { runBenchmark } from "../src/engine/run-benchmark";
import { ensureServices } from "../src/engine/service-manager";

const env = { SERVICES_HOST: "127.0.0.1", REST_PORT: String(await getFreePort()), GRPC_PORT: String(await getFreePort()), GRPC_METRICS_PORT: String(await getFreePort()) };
Object.assign(process.env, env);
console.error(env);
const targets = loadTargets(env);
const resolved = await resolveBackends({});
const serviceEnv = { HOST: "127.0.0.1", REST_PORT: env.REST_PORT, GRPC_PORT: env.GRPC_PORT, GRPC_METRICS_PORT: env.GRPC_METRICS_PORT, RELIX_BACKENDS: "real", REDIS_URL: resolved.redisUrl!, MYSQL_URL: resolved.mysqlUrl! };
const procs = [spawnService("rest", serviceEnv), spawnService("grpc", serviceEnv)];
for (const p of procs) p.child.on("exit", (c, s) => console.error(`${p.name} exited ${c} ${s}\n${p.output()}`));
const services = await ensureServices(targets).catch(async (e) => { await new Promise((r) => setTimeout(r, 8000)); return ensureServices(targets); });
try {
  const spec = runSpecSchema.parse({ workloads: ["item.get"], cacheModes: ["warm", "cold"], connections: 4, durationMs: 500, warmupMs: 200, trials: 4, keyCount: 20 });
  const result = await runBenchmark(spec, { services });
  for (const c of result.cells) for (const t of c.trials) console.log(c.cacheMode, t.order, t.rest.rps.toFixed(0), t.grpc.rps.toFixed(0), t.rest.latencyMs.p50, t.grpc.latencyMs.p50, JSON.stringify(t.rest.server), JSON.stringify(t.grpc.server));
} catch (e) {
  console.error("FAILED", e);
  for (const p of procs) console.error(`--- ${p.name}\n${p.output()}`);
} finally {
  for (const p of procs) await p.stop();
  await resolved.stop();
}
