export * from "./preset";
export * from "./presets";
export * from "./measuring-time";
export * from "./published-figures";
