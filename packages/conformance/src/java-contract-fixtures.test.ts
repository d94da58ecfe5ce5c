/**
 * The Java stacks' shared code held to the contract fixtures (contract/fixtures/: numbers, refusals,
 * header names) by its own check (services/java/common/src/test/.../ContractFixturesCheck.java),
 * run here from what services/java/build.sh compiled, so a change to the contract fails the suite
 * for Java as it does for Node (contract-fixtures.test.ts) and Python (python-unit-tests.test.ts).
 * Skipped, with the reason, where the Java stacks are not built.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONTRACT_FIXTURES_DIR } from "./contract-fixtures";
import { runtimeNotBuilt } from "./runtime-servers";

const JAVA_DIR = fileURLToPath(new URL("../../../services/java/", import.meta.url));
const CHECK = "relix.common.contract.ContractFixturesCheck";
const TEST_CLASSES = path.join(JAVA_DIR, "common/target/test-classes");
// The common code as built, and Jackson from the grpc-java jar, which packs every library it uses.
const CLASS_PATH = [
  TEST_CLASSES,
  path.join(JAVA_DIR, "common/target/classes"),
  path.join(JAVA_DIR, "grpc-server/target/relix-grpc-java.jar"),
];

const notBuilt =
  runtimeNotBuilt("java") ??
  (existsSync(path.join(TEST_CLASSES, `${CHECK.replaceAll(".", "/")}.class`))
    ? undefined
    : `${CHECK} is not compiled: run services/java/build.sh`);

describe.skipIf(notBuilt !== undefined)(
  `the Java stacks' code and contract/fixtures${notBuilt ? ` (${notBuilt})` : ""}`,
  () => {
    it("agree", () => {
      const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";
      const run = spawnSync(java, ["-cp", CLASS_PATH.join(path.delimiter), CHECK, CONTRACT_FIXTURES_DIR], {
        encoding: "utf8",
        timeout: 60_000,
      });
      // The check's own lines on failure: which case, what was expected, what Java wrote.
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    }, 60_000);
  },
);
