import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";
import { relixProjectTestOptions } from "../../test/vitest.project";

// Unit tests (chart data shaping, form rules, exports, the SSE proxy) run in node; the e2e test
// (test/e2e) drives real headless Chromium against the real runner and `next start`.
export default defineProject({
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    ...relixProjectTestOptions,
    name: "web",
    environment: "node",
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.ts"],
  },
});
