import type { Runtime } from "./service-processes";

/** A runtime whose servers are built outside Node's workspace (Java, Python). */
export type OtherRuntime = Exclude<Runtime, "node">;

/**
 * Each runtime's build script and what it makes, from the repository root: what the runner checks
 * before it starts one of its servers (apps/runner/src/engine/launch/runtime-build.ts) and the conformance
 * suite before it tests them. The build itself is services/<runtime>/build.sh, which
 * `pnpm build:runtimes` and CI run.
 */
export const RUNTIME_BUILDS: Record<OtherRuntime, { script: string; artifacts: readonly string[] }> = {
  java: {
    script: "services/java/build.sh",
    artifacts: [
      "services/java/spring-rest/target/relix-spring.jar",
      "services/java/grpc-server/target/relix-grpc-java.jar",
    ],
  },
  python: {
    script: "services/python/build.sh",
    artifacts: ["services/python/.venv/bin/python", "services/python/generated/relix/v1/bench_pb2.py"],
  },
};
