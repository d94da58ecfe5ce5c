import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runtimeNotBuilt } from "./runtime-servers";

// A checkout where a runtime was never built must skip that runtime's conformance with the reason,
// not fail it: only CI is sure to have built every runtime.
describe("a runtime whose build is missing is named, with what is missing and the script that builds it", () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("says which of the Java jars is missing, and nothing once both are there", () => {
    root = mkdtempSync(path.join(os.tmpdir(), "relix-runtime-build-"));
    const jar = path.join(root, "services/java/spring-rest/target/relix-spring.jar");
    mkdirSync(path.dirname(jar), { recursive: true });
    writeFileSync(jar, "");
    const reason = runtimeNotBuilt("java", root);
    expect(reason).toContain("services/java/grpc-server/target/relix-grpc-java.jar");
    expect(reason).not.toContain("relix-spring.jar");
    expect(reason).toContain("services/java/build.sh");

    const other = path.join(root, "services/java/grpc-server/target/relix-grpc-java.jar");
    mkdirSync(path.dirname(other), { recursive: true });
    writeFileSync(other, "");
    expect(runtimeNotBuilt("java", root)).toBeUndefined();
  });

  it("says the Python virtual environment is missing", () => {
    root = mkdtempSync(path.join(os.tmpdir(), "relix-runtime-build-"));
    expect(runtimeNotBuilt("python", root)).toMatch(
      /services\/python\/\.venv\/bin\/python.*services\/python\/build\.sh/,
    );
  });
});
