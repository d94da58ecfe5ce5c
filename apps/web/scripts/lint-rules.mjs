// Project rules tsc cannot check (run by `pnpm lint` after tsc):
// - no dangerouslySetInnerHTML: every value a page shows is data from a runner or an imported file;
// - process.env is read only in src/server/env.ts (validated there, once);
// - "use client" modules export components and hooks only.
// What reaches the browser bundle is checked on the build itself (test/e2e/client-bundle.ts).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "src");

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

const problems = [];

for (const file of files(src)) {
  const text = readFileSync(file, "utf8");
  const name = relative(root, file);
  if (text.includes("dangerously" + "SetInnerHTML"))
    problems.push(`${name}: dangerously${"SetInnerHTML"} is not allowed`);
  if (/process\.env/.test(text) && name !== join("src", "server", "env.ts"))
    problems.push(`${name}: read the environment through src/server/env.ts`);

  // A "use client" module exports components (and hooks) only: any other value a server component
  // imports from it arrives as a client reference, not the value (an array of colours, say).
  if (!/^\s*["']use client["']/.test(text)) continue;
  for (const match of text.matchAll(/^export\s+(?:const|let|function|class)\s+([A-Za-z0-9_]+)/gm)) {
    const exported = match[1];
    if (!/^[A-Z]/.test(exported) && !/^use[A-Z]/.test(exported)) {
      problems.push(`${name}: exports "${exported}" from a "use client" module; move it to a plain module`);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log("lint-rules: ok");
