import { allowEnvAccess, baseConfig } from "@relix/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  ...allowEnvAccess([
    "src/proto/paths.ts", // RELIX_PROTO_ROOT, for unusual layouts
    "src/data/seed-command.ts", // the db:seed entry point
    "src/backends/find-executable.ts", // PATH, to find redis-server and mariadbd
  ]),
];
