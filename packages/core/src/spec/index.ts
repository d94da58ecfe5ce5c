export * from "./bounds";
export * from "./run-spec";
export * from "./delay-budget";
export * from "./workload-load";
export * from "./light-load";
