/**
 * The servers of another runtime hold no port of their own: each listens where the variables the
 * runner sets from its stacks' records say (packages/core/src/stacks/), and one started without
 * them stops at once (exit code 2), naming every variable its records give it. Skipped, with the
 * reason, for a runtime not built here.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { serviceProcessRecord, sidePortOf } from "@relix/core/stacks/service-processes";
import { stackPortVariable } from "@relix/core/stacks/port-variables";
import { RUNTIME_BUILDS, type OtherRuntime } from "@relix/core/stacks/runtime-builds";
import { stacksOfProcess } from "@relix/core/stacks/stacks";
import { processesOfRuntime, runtimeNotBuilt } from "./runtime-servers";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Everything a server needs but its ports; the backends are never reached, as it stops first. */
const withoutPorts = (): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "JAVA_HOME", "LANG"]) if (process.env[name]) env[name] = process.env[name];
  return { ...env, REDIS_URL: "redis://127.0.0.1:1", MYSQL_URL: "mysql://relix:relix@127.0.0.1:1/relix" };
};

for (const runtime of Object.keys(RUNTIME_BUILDS) as OtherRuntime[]) {
  const notBuilt = runtimeNotBuilt(runtime);
  describe.skipIf(notBuilt !== undefined)(
    `${runtime}: ports from the stacks' records${notBuilt ? ` (${notBuilt})` : ""}`,
    () => {
      for (const server of processesOfRuntime(runtime)) {
        const record = serviceProcessRecord(server);
        const variables = [
          ...stacksOfProcess(server).map((stack) => stackPortVariable(stack).variable),
          ...(sidePortOf(server) ? [sidePortOf(server)!.variable] : []),
        ];
        it(`${record.label} started without ${variables.join(", ")} stops, naming each`, () => {
          const run = spawnSync("bash", [path.join(REPO_ROOT, record.start!)], {
            env: withoutPorts(),
            encoding: "utf8",
            timeout: 60_000,
          });
          expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(2);
          for (const variable of variables) expect(run.stderr).toContain(`${variable}: must be set`);
        }, 60_000);
      }
    },
  );
}
