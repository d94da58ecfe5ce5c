/**
 * The OpenAPI documents the Java and Python REST stacks serve are files (contract/openapi/), written
 * from the catalog and each stack's record: each must be exactly what the catalog gives now, so a
 * change to a workload or a record that was not written out fails here, on every machine, built or not.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contractOpenApiFiles } from "@relix/core/openapi/contract-openapi-files";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

describe("contract/openapi: each file is the document the catalog gives its stack", () => {
  for (const file of contractOpenApiFiles()) {
    it(`${file.path} (${file.stack})`, () => {
      let written = "";
      try {
        written = readFileSync(path.join(REPO_ROOT, file.path), "utf8");
      } catch {
        // Missing: compared as empty, so the message below says what to run.
      }
      expect(written === file.text, `${file.path} is stale or missing: run pnpm contract:openapi`).toBe(true);
    });
  }
});
