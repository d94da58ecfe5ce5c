// The build both APIs share (each app's tsup.config.ts re-exports it): one ESM file for
// `pnpm start`. The workspace package is bundled in (it ships TypeScript source); third-party
// packages stay external and come from the app's own dependencies. A plain object, so this file
// needs nothing installed at the repository root.
export default {
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  clean: true,
  noExternal: [/^@relix\//],
};
