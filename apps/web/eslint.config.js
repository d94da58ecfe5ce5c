import { allowEnvAccess, baseConfig } from "@relix/eslint-config/base";
import { nextjsConfig } from "@relix/eslint-config/nextjs";
import { reactConfig } from "@relix/eslint-config/react";

export default [
  ...baseConfig(import.meta.dirname),
  ...reactConfig,
  ...nextjsConfig,
  ...allowEnvAccess([
    "src/server/env.ts", // the web app's config
  ]),
];
