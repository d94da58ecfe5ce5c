export * from "./result-schema";
export * from "./client-record";
export * from "./cpu-per-call";
export * from "./launch-record";
