import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*"],
    // Runs once for the whole run; sets REDIS_URL / MYSQL_URL for every project (see the file).
    globalSetup: ["./test/global-setup.ts"],
    // testTimeout and hookTimeout are per project and not inherited from here: they live in
    // test/vitest.project.ts, which each project's vitest.config.ts uses. A folder without its own
    // config still gets the backends (through the environment) but vitest's default timeouts.
    maxWorkers: 2,
    // Stopping MariaDB cleanly can take a few seconds.
    teardownTimeout: 30_000,
  },
});
