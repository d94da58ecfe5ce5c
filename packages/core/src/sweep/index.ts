export * from "./sweep-spec";
export * from "./sweep-result";
export * from "./sweep-plan";
export * from "./sweep-points";
export * from "./crossover-search";
export * from "../render/sweeps/crossover-text";
