export { BackendUnavailableError, type BackendName } from "./backend-unavailable-error";
export { startEphemeralMysql, type EphemeralMysqlOptions } from "./ephemeral-mariadb";
export { startEphemeralRedis, type EphemeralRedisOptions } from "./ephemeral-redis";
export type { EphemeralServer } from "./ephemeral-server";
export { findExecutable, SYSTEM_BIN_DIRS, type FindExecutableOptions } from "./find-executable";
export { locateTool, toolPath, type LocatedTool, type ToolSpec } from "./find-tool";
export { getFreePort } from "./free-port";
export { isPortListening } from "./port-listening";
export {
  resolveBackends,
  type BackendKind,
  type ResolveBackendsOptions,
  type ResolvedBackends,
} from "./local-backends";
export { redactUrl } from "./redact-url";
export { parseRedisVersion, readMysqlVersion, readRedisVersion, type ReadVersionOptions } from "./server-versions";
