// The CSV is the runner's own (`pnpm bench --csv`): one file format wherever it comes from.
// apps/runner/src/output/csv.ts imports only types, so it bundles without server dependencies.
export { csvHeader, renderCsv } from "@relix/runner/src/output/csv";
