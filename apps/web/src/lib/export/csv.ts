// The CSV is the runner's own (`pnpm bench --csv`): one file format wherever it comes from.
export { csvHeader, renderCsv } from "@relix/core/render/markdown/csv";
