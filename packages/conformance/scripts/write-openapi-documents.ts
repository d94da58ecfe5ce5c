// Writes contract/openapi/<stack>.json, the document each Java and Python REST stack serves at
// /openapi.json, from the catalog and the stacks' records (packages/core/src/openapi/). Run after a
// change to either: `pnpm contract:openapi`; openapi-documents.test.ts fails until it has been.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contractOpenApiFiles } from "@relix/core/openapi/contract-openapi-files";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

for (const file of contractOpenApiFiles()) {
  const target = path.join(REPO_ROOT, file.path);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, file.text);
  console.log(`wrote ${file.path} (${file.stack})`);
}
