export * from "./preset";
export * from "./presets";
export * from "./preset-sweep-overrides";
export * from "./measuring-time";
export * from "./published-figures";
