import { allowEnvAccess, baseConfig } from "@relix/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  ...allowEnvAccess([
    "src/main.ts", // the entry point: hands the environment to loadServiceEnv, once
  ]),
];
