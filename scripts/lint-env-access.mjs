#!/usr/bin/env node
// Environment variables are read in one place per program (its config or entry point), validated
// there, and passed on typed. This check fails when `process.env` appears anywhere else in the
// sources of the package it runs in (tests and test helpers excepted).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** The files allowed to read the environment, each for a reason. */
const ALLOWED = new Set([
  "packages/io/src/config/env.ts", // the APIs' config (zod)
  "packages/io/src/proto/paths.ts", // RELIX_PROTO_ROOT, for unusual layouts
  "packages/io/src/data/seed-command.ts", // the db:seed entry point
  "packages/io/src/backends/find-executable.ts", // PATH, to find redis-server and mariadbd
  "packages/conformance/src/stack.ts", // the test stack's backends
  "apps/runner/src/server/config.ts", // the runner service's config (zod)
  "apps/runner/src/engine/targets.ts", // the service targets (zod)
  "apps/runner/src/engine/service-manager.ts", // REDIS_URL / MYSQL_URL handed to the services it starts
  "apps/runner/src/engine/service-processes.ts", // the environment a child service inherits
  "apps/runner/src/cli/main.ts", // the CLI entry point
  "apps/runner/src/tools/ghz-driver.ts", // GHZ_BIN
  "apps/web/src/server/env.ts", // the web app's config
]);

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const isTest = (file) => /\.test\.tsx?$/.test(file) || /\/(testing|test)\//.test(file);

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(name)) yield full;
  }
}

const packageDir = path.resolve(process.argv[2] ?? ".");
const offenders = [];
for (const file of sources(path.join(packageDir, "src"))) {
  const relative = path.relative(root, file);
  if (isTest(relative) || ALLOWED.has(relative)) continue;
  if (/\bprocess\.env\b/.test(readFileSync(file, "utf8"))) offenders.push(relative);
}
if (offenders.length > 0) {
  console.error(
    `process.env is read outside the config files (read it there and pass the value on):\n  ${offenders.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`env access: ok (${path.relative(root, packageDir) || "."})`);
