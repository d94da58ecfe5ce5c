export * from "./sweep-spec";
export * from "./sweep-result";
