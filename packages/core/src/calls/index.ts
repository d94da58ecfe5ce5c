export * from "./cache-mode";
export * from "./call-context";
export * from "./context-from-headers";
export * from "./services-contract";
export * from "./caller-costs-schema";
export * from "./caller-cost-facts";
export * from "./caller-cost-record";
