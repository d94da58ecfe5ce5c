// `pnpm lint:imports`: the import rules ESLint cannot see across files and packages.
// - no circle anywhere: a circle makes every file in it load-order dependent and hard to move;
// - core's layers point one way: domain and schemas at the bottom, then stats, then findings,
//   then render; stats and presets never import render or findings (findings still format their
//   own sentences with render/format.ts: moving those sentences into render is the next step);
// - no package reaches into an app: what two apps share lives in a package.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: break it by moving what both sides need into a file of its own.",
      from: {},
      to: { circular: true },
    },
    {
      name: "stats-below-findings-and-render",
      severity: "error",
      comment: "stats computes numbers; the words for them live in findings (data) and render (sentences).",
      from: { path: "^packages/core/src/stats/", pathNot: "\\.test\\.ts$" },
      to: { path: "^packages/core/src/(findings|render|presets)/" },
    },
    {
      name: "presets-below-render",
      severity: "error",
      comment: "presets are data; how a published figure is written belongs to render.",
      from: { path: "^packages/core/src/presets/", pathNot: "\\.test\\.ts$" },
      to: { path: "^packages/core/src/render/" },
    },
    {
      name: "packages-below-apps",
      severity: "error",
      comment: "A package never imports an app: move what both need into a package.",
      // packages/conformance still starts the two Node APIs in its own process through their apps
      // (@relix/*-api/server); it is the one exception until the servers' start-up is a package.
      from: { path: "^packages/", pathNot: "^packages/conformance/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|\\.next|\\.turbo|generated)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
