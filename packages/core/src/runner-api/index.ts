// The runner's HTTP API and live events, as zod schemas: the runner answers with these types,
// the web app validates what it receives with the same schemas (apps/runner/src/server/API.md).
export * from "./errors";
export * from "./headline";
export * from "./reference";
export * from "./run-events";
export * from "./run-status";
export * from "./runs";
