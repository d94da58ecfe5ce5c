/** What the operator is told at start-up about a configuration that works but may not be what they meant. */
import type { RunnerConfig } from "../../config/runner-config";
import { isLoopbackHost } from "@relix/core/network/loopback";
import { grpcTarget, restBaseUrl } from "../../engine/launch/targets";
import type { Logger } from "../logger";

export function warnAboutConfig(config: RunnerConfig, log: Logger): void {
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
}
