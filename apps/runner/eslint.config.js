import { allowEnvAccess, baseConfig } from "@relix/eslint-config/base";

export default [
  ...baseConfig(import.meta.dirname),
  ...allowEnvAccess([
    "src/cli/main.ts", // pnpm bench's entry point: hands the environment to the runner config
    "src/server/main.ts", // the runner service's entry point: the same
    "src/cli/calibrate-main.ts", // pnpm bench:calibrate's entry point: the same
  ]),
];
