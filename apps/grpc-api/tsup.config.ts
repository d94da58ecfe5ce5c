import { defineConfig } from "tsup";

// One ESM file for `pnpm start`; the workspace package is bundled in (it ships TypeScript
// source), third-party packages stay external and come from this app's dependencies.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  clean: true,
  noExternal: [/^@relix\//],
});
