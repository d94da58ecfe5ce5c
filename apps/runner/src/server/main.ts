// The runner service: `pnpm --filter @relix/runner start`. Configured only by env, read here once
// (src/config/runner-config.ts).
// The one file that wires the real engine; everything else takes it as a parameter so tests can
// run the service with a fake engine.
import { resolveEngineContext } from "../engine/engine-context";
import { serviceEndpoints } from "../engine/launch/external-services";
import { createRunBenchmark } from "../engine/run-benchmark";
import { runToRunFileOf } from "../engine/assemble/run-to-run-file";
import { openResultsStore } from "../store/open-results-store";
import { startAbandonedRunsSweep } from "./runs/abandoned-runs-sweep";
import { createRunnerServer } from "./http/app";
import { loadRunnerConfig } from "../config/runner-config";
import { sweepLeftoversAndKeepRecord } from "./lifecycle/leftovers";
import { stopOnSignals, type RunnerParts } from "./lifecycle/shutdown";
import { warnAboutConfig } from "./lifecycle/startup-warnings";
import { consoleLogger, messageOf } from "./logger";
import { RunService } from "./runs/run-service";
import { sharedPresets } from "./presets/shared-presets";

const log = consoleLogger;

async function main(): Promise<void> {
  const config = loadRunnerConfig(process.env);

  // Signals are handled from the first moment: a stop during start-up (a MySQL still coming up)
  // closes what exists so far instead of killing the process half-way.
  const parts: RunnerParts = {};
  const stopping = stopOnSignals(parts, config.shutdownTimeoutMs, log);

  await sweepLeftoversAndKeepRecord(config.stateDir, log);
  warnAboutConfig(config, log);

  const store = await openResultsStore({
    mysqlUrl: config.mysqlUrl ?? undefined,
    resultsDir: config.resultsDir,
    onCopyError: (error, id) => log.error(`could not write the JSON copy of run ${id} in ${config.resultsDir}`, error),
    retention: config.retention,
    onRemoved: (ids) =>
      log.info(`removed ${ids.length} old run(s) to stay within the results limits: ${ids.join(", ")}`),
    onRetentionError: (error) => log.error("could not remove old runs to stay within the results limits", error),
  });
  if (stopping()) return void (await store.close());
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
  if (stopping()) return void (await app.close());
  log.info(
    `listening on ${url}; runner ${store.runnerId}; store: ${store.description}; origins allowed: ${config.allowedOrigins.join(", ")}`,
  );
}

main().catch((error: unknown) => {
  log.error(`the runner could not start: ${messageOf(error)}`);
  process.exit(1);
});
