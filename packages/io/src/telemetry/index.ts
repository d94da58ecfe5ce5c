export * from "./codec-timing";
export * from "./request-span";
export * from "./server-telemetry";
export * from "./timing";
export * from "./wire-counter";
