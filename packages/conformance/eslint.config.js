import { allowEnvAccess, baseConfig } from "@relix/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  ...allowEnvAccess([
    "src/stack.ts", // the test stack's backends
  ]),
];
