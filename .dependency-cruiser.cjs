// `pnpm lint:imports`: the import rules ESLint cannot see across files and packages.
// - no circle anywhere: a circle makes every file in it load-order dependent and hard to move;
// - core's layers point one way: domain and schemas at the bottom, then stats (numbers), then
//   findings (facts, the catalog and the rules that fire a finding), then render (every sentence:
//   verdicts and findings in words, for every surface); stats and presets never import render or
//   findings, findings never import render;
// - no package reaches into an app: what an app shares (with another app, or with the conformance
//   suite, which starts the Node APIs through @relix/servers) lives in a package.
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
      comment: "stats computes numbers; the words for them live in render (render/verdicts).",
      from: { path: "^packages/core/src/stats/", pathNot: "\\.test\\.ts$" },
      to: { path: "^packages/core/src/(findings|render|presets)/" },
    },
    {
      name: "findings-below-render",
      severity: "error",
      comment: "findings are data and rules; their sentences live in render/findings.",
      from: { path: "^packages/core/src/findings/", pathNot: "\\.test\\.ts$" },
      to: { path: "^packages/core/src/render/" },
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
      from: { path: "^packages/" },
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
