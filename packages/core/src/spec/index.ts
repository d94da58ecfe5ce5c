export * from "./bounds";
export * from "./run-spec";
