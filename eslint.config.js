import { baseConfig } from "@relix/eslint-config/base";
import { globalIgnores } from "eslint/config";

// The repository's own files (test setup, root configs, scripts); every package lints itself.
// The other runtimes' builds and environments are not the repository's own code.
export default [
  globalIgnores([
    "apps/**",
    "packages/**",
    "tooling/**",
    "services/python/.venv/**",
    "services/python/generated/**",
    "**/target/**",
    "native/**/build/**",
  ]),
  ...baseConfig(import.meta.dirname),
];
