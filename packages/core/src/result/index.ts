export * from "./result-schema";
