// @relix/core: pure code that runs anywhere, the browser included. Nothing here opens a socket,
// reads a file or an environment variable: that is @relix/io's job.
export * from "./domain";
export * from "./catalog";
export * from "./calls";
export * from "./stats";
export * from "./render/verdicts";
export * from "./spec";
export * from "./result";
export * from "./presets";
export * from "./findings";
export * from "./render/findings";
export * from "./runner-api";
export * from "./network/placements";
export * from "./stacks/stacks";
export * from "./sweep";
export * from "./render/sweeps";
export * from "./run-request";
