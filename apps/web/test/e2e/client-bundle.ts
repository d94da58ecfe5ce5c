import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * What must never reach the browser, each named by strings its code carries however it is
 * minified: the Redis, MySQL and gRPC clients, the metrics library, child processes and
 * @relix/io (all of which only run on a server), and the runner's token (the browser talks to
 * this app only; the app talks to the runner). A module the browser cannot load at all (one that
 * needs `net` or `fs`) already fails `next build`; these catch the ones that would slip through.
 */
export const SERVER_ONLY_MARKERS: Record<string, readonly string[]> = {
  ioredis: ["ioredis"],
  mysql2: ["mysql2", "mysql_native_password"],
  "@grpc/grpc-js": ["@grpc/grpc-js", "grpc-node-js"],
  "prom-client": ["prom-client", "process_cpu_user_seconds_total"],
  child_process: ["child_process"],
  "@relix/io": ["@relix/io", "REDIS_URL"],
  "the runner token": ["RUNNER_TOKEN"],
};

function* scripts(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* scripts(path);
    else if (entry.name.endsWith(".js")) yield path;
  }
}

/** Each server-only module whose marker is in a browser chunk of the production build (.next/static). */
export function serverOnlyInClientBundle(webDir: string, markers: Record<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const file of scripts(join(webDir, ".next", "static"))) {
    const text = readFileSync(file, "utf8");
    for (const [module, strings] of Object.entries(markers)) {
      const hit = strings.find((s) => text.includes(s));
      if (hit !== undefined) found.push(`${module} ("${hit}") in ${relative(webDir, file)}`);
    }
  }
  return found;
}
