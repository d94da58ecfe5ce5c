export * from "./preset";
export * from "./presets";
export * from "./preset-sweep-overrides";
export * from "./measuring-time";
export * from "./count-window-cap";
export * from "./measuring-limit";
export * from "./published-figures";
