export * from "./shutdown";
export * from "./service-runtime";
