export * from "./shutdown";
export * from "./service-runtime";
export * from "./drained-or-closed";
