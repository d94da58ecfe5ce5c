import { baseConfig } from "@relix/eslint-config/base";
import { globalIgnores } from "eslint/config";

// The repository's own files (test setup, root configs, scripts); every package lints itself.
export default [globalIgnores(["apps/**", "packages/**", "tooling/**"]), ...baseConfig(import.meta.dirname)];
