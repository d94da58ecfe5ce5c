export * from "./server-telemetry";
export * from "./timing";
export * from "./wire-counter";
