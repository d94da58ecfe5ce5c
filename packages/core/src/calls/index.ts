export * from "./cache-mode";
export * from "./call-context";
export * from "./context-from-headers";
export * from "./services-contract";
