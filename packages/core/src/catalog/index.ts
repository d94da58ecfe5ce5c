export * from "./workload";
export * from "./catalog";
export * from "./same-data";
export * from "./limits";
export * from "./parse-request";
export * from "./rest-request";
export * from "./chunks";
