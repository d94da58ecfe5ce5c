// Project rules tsc cannot check (run by `pnpm lint` after tsc):
// - no dangerouslySetInnerHTML: every value a page shows is data from a runner or an imported file;
// - process.env is read only in src/server/env.ts (validated there, once);
// - "use client" modules export components and hooks only;
// - client components ("use client"), and everything they import, reach neither server modules
//   (src/server: the runner client and its token) nor @relix/shared values beyond the pure
//   modules listed here (hdr-histogram-js, the catalog's data generators... stay on the server).
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "src");
const CLIENT_SAFE_SHARED = new Set(["@relix/shared/spec/bounds"]);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

const problems = [];
const sources = [...files(src)];
const textOf = new Map(sources.map((f) => [f, readFileSync(f, "utf8")]));

/** Value imports of a file (type-only imports are erased and cannot pull code into a bundle). */
function valueImports(text) {
  const out = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm)) {
    if (!match[1]) out.push(match[2]);
  }
  return out;
}

function resolveLocal(from, spec) {
  const base = spec.startsWith("@/")
    ? join(src, spec.slice(2))
    : spec.startsWith(".")
      ? join(dirname(from), spec)
      : null;
  if (base === null) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (textOf.has(candidate)) return candidate;
  return null;
}

for (const file of sources) {
  const text = textOf.get(file);
  const name = relative(root, file);
  if (text.includes("dangerously" + "SetInnerHTML"))
    problems.push(`${name}: dangerously${"SetInnerHTML"} is not allowed`);
  if (/process\.env/.test(text) && name !== join("src", "server", "env.ts"))
    problems.push(`${name}: read the environment through src/server/env.ts`);
}

// A "use client" module exports components (and hooks) only: any other value a server component
// imports from it arrives as a client reference, not the value (an array of colours, say).
for (const file of sources) {
  const text = textOf.get(file);
  if (!/^\s*["']use client["']/.test(text)) continue;
  for (const match of text.matchAll(/^export\s+(?:const|let|function|class)\s+([A-Za-z0-9_]+)/gm)) {
    const exported = match[1];
    if (!/^[A-Z]/.test(exported) && !/^use[A-Z]/.test(exported)) {
      problems.push(
        `${relative(root, file)}: exports "${exported}" from a "use client" module; move it to a plain module`,
      );
    }
  }
}

// Everything a client component pulls into the browser bundle, followed through local imports.
for (const file of sources) {
  if (!/^\s*["']use client["']/.test(textOf.get(file))) continue;
  const seen = new Set();
  const walk = (current, chain) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const spec of valueImports(textOf.get(current))) {
      const where = [...chain, spec].join(" -> ");
      if (spec.startsWith("@/server") || /(^|\/)server\//.test(spec))
        problems.push(`${relative(root, file)}: reaches a server module (${where})`);
      else if (spec === "zod")
        problems.push(
          `${relative(root, file)}: reaches zod (${where}); validate on the server, send the browser plain data`,
        );
      else if (spec.startsWith("@relix/runner"))
        problems.push(`${relative(root, file)}: reaches the runner package (${where})`);
      else if (spec.startsWith("@relix/shared") && !CLIENT_SAFE_SHARED.has(spec)) {
        problems.push(
          `${relative(root, file)}: reaches ${spec} (${where}); use "import type", or a pure module listed in scripts/lint-rules.mjs`,
        );
      }
      const local = resolveLocal(current, spec);
      if (local) walk(local, [...chain, spec]);
    }
  };
  walk(file, []);
}

if (problems.length > 0) {
  console.error([...new Set(problems)].join("\n"));
  process.exit(1);
}
console.log("lint-rules: ok");
