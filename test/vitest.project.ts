import { fileURLToPath } from "node:url";

/**
 * Test options shared by every package and app. Each project's vitest.config.ts spreads them:
 * projects defined by a folder or a config file inherit nothing from the root vitest.config.ts.
 */
export const relixProjectTestOptions = {
  globalSetup: [fileURLToPath(new URL("./global-setup.ts", import.meta.url))],
  // Integration tests start servers and talk to real Redis and MySQL.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
