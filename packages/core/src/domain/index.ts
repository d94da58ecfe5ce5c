export * from "./item";
export * from "./shapes";
export * from "./meteorites";
export * from "./bench";
export * from "./errors";
