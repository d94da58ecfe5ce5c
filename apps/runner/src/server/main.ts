// The runner service: `pnpm --filter @relix/runner start`. Configured only by env, read here once
// (src/config/runner-config.ts).
// The one file that wires the real engine; everything else takes it as a parameter so tests can
// run the service with a fake engine.
import { resolveEngineContext } from "../engine/engine-context";
import { serviceEndpoints } from "../engine/launch/external-services";
import { grpcTarget, restBaseUrl } from "../engine/launch/targets";
import { createRunBenchmark } from "../engine/run-benchmark";
import { runToRunFileOf } from "../engine/assemble/run-to-run-file";
import { openResultsStore } from "../store/open-results-store";
import type { ResultsStore } from "../store/results-store";
import { startAbandonedRunsSweep, type AbandonedRunsSweep } from "./abandoned-runs-sweep";
import { createRunnerServer, type RunnerServer } from "./app";
import { isLoopbackHost } from "@relix/core/network/loopback";
import { describeSweep, keepOwnedRecordIn, sweepLeftovers } from "@relix/io/lifetime";
import { loadRunnerConfig } from "../config/runner-config";
import { consoleLogger, messageOf } from "./logger";
import { RunService } from "./run-service";
import { sharedPresets } from "./shared-presets";

const log = consoleLogger;

async function main(): Promise<void> {
  const config = loadRunnerConfig(process.env);

  // Signals are handled from the first moment: a stop during start-up (a MySQL still coming up)
  // closes what exists so far instead of killing the process half-way.
  const parts: { store?: ResultsStore; abandonedRuns?: AbandonedRunsSweep; service?: RunService; app?: RunnerServer } =
    {};
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping (a run in progress is aborted and marked failed)`);
    // Whatever hangs, the process still ends; the next start marks anything left "running" as failed.
    setTimeout(() => {
      log.error(`still stopping after ${config.shutdownTimeoutMs + 2000} ms: exiting anyway`);
      process.exit(1);
    }, config.shutdownTimeoutMs + 2000).unref();
    try {
      // Runs first, so live pages get the final status before their streams close.
      await parts.service?.shutdown(config.shutdownTimeoutMs);
      parts.abandonedRuns?.stop();
      await parts.app?.close();
      await parts.store?.close();
      process.exitCode = 0;
    } catch (error) {
      log.error("shutdown failed", error);
      process.exitCode = 1;
    }
  };
  // once: a second Ctrl-C kills the process at once, the usual way out of a stuck shutdown.
  process.once("SIGINT", (signal) => void stop(signal));
  process.once("SIGTERM", (signal) => void stop(signal));

  // Before anything is started: stop and remove what a runner killed outright (SIGKILL, out of
  // memory) left behind, only what its record proves it started (leftover-sweep.ts says how); then
  // keep this runner's own record, so that the next start can do the same after it.
  for (const line of describeSweep(await sweepLeftovers(config.stateDir))) log.warn(line);
  const record = keepOwnedRecordIn(config.stateDir, {
    onError: (error) =>
      log.error(`could not update the record of what this runner started in ${config.stateDir}`, error),
  });
  if (record === null) {
    log.warn(
      "no /proc here: this runner cannot record what it starts, so if it is killed outright the next start cannot stop what it left",
    );
  }

  if (config.mysqlUrl === null) {
    log.warn(
      `MYSQL_URL is not set: runs and results are kept only as files in ${config.resultsDir} (the embedded fallback). ` +
        "Set MYSQL_URL to keep them in MySQL.",
    );
  }
  if (!isLoopbackHost(config.host) && config.token === null) {
    log.warn(
      `listening on ${config.host} without RUNNER_TOKEN: anyone who can reach this port can start runs. Set RUNNER_TOKEN.`,
    );
  }

  if (config.targets.external) {
    log.warn(
      `RELIX_REMOTE_SERVICES=1: load goes to REST at ${restBaseUrl(config.targets)} and gRPC at ${grpcTarget(config.targets)}, ` +
        "services the operator runs: this runner never starts or stops them, and every figure includes the network to them.",
    );
  }

  const store = await openResultsStore({
    mysqlUrl: config.mysqlUrl ?? undefined,
    resultsDir: config.resultsDir,
    onCopyError: (error, id) => log.error(`could not write the JSON copy of run ${id} in ${config.resultsDir}`, error),
    retention: config.retention,
    onRemoved: (ids) =>
      log.info(`removed ${ids.length} old run(s) to stay within the results limits: ${ids.join(", ")}`),
    onRetentionError: (error) => log.error("could not remove old runs to stay within the results limits", error),
  });
  if (stopping) return void (await store.close());
  parts.store = store;
  // Before the queue takes runs: runs left by a runner that crashed are failed, saying why.
  parts.abandonedRuns = await startAbandonedRunsSweep(store, log);

  // The engine gets the targets and the tools found now, and this environment for what it starts.
  const engine = createRunBenchmark({
    ...(await resolveEngineContext(config.targets, process.env)),
    runToRunFile: runToRunFileOf(process.env),
  });
  const service = new RunService({ store, engine, log });
  const app = createRunnerServer({
    service,
    presets: sharedPresets,
    token: config.token,
    allowedOrigins: config.allowedOrigins,
    allowedHosts: config.allowedHosts,
    log,
    services: serviceEndpoints(config.targets, config.targets.external ? "external" : "runner"),
  });
  parts.service = service;
  const url = await app.listen(config.port, config.host);
  parts.app = app;
  if (stopping) return void (await app.close());
  log.info(
    `listening on ${url}; runner ${store.runnerId}; store: ${store.description}; origins allowed: ${config.allowedOrigins.join(", ")}`,
  );
}

main().catch((error: unknown) => {
  log.error(`the runner could not start: ${messageOf(error)}`);
  process.exit(1);
});
