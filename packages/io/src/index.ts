// @relix/io: the code that touches the outside world (Redis, MySQL, gRPC, processes, files, the
// environment). Node only; pure definitions come from @relix/core.
export * from "./config/env";
export * from "./services/services";
export * from "./telemetry";
export * from "./proto/load";
export * from "./proto/paths";
export * from "./runtime";
export * from "./repository/data-store";
export * from "./repository/cache-store";
export * from "./repository/repository";
export * from "./clients";
