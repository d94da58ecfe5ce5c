export * from "./result-schema";
export * from "./client-record";
