// @ts-check
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const ENV_MESSAGE =
  "Read the environment in the program's config (validated there, once) and pass the value on; " +
  "add this file to the package's eslint.config.js only if it is that config.";

/** Tests and the helpers only tests import. */
const TEST_FILES = ["**/*.test.{ts,tsx}", "**/test/**", "**/testing/**"];

/**
 * Files that may read `process.env` in every package: tests and their helpers (they set up the
 * world), scripts and bins (each is a program of its own), and tools' config files.
 */
const ENV_READERS_EVERYWHERE = [...TEST_FILES, "scripts/**", "bin/**", "*.config.{js,mjs,ts}"];

/**
 * The rules every Relix package lints with: ESLint's and typescript-eslint's recommended sets,
 * type-aware so that promises nobody awaits, `any` leaking out of a parse and misused async
 * callbacks are caught. Layout is Prettier's business, so nothing here is about style.
 *
 * @param {string} packageDir the package's folder (`import.meta.dirname` of its eslint.config.js):
 *   type-aware rules read the tsconfig.json found from there.
 */
export function baseConfig(packageDir) {
  return defineConfig(
    globalIgnores(["**/dist/**", "**/.next/**", "**/.turbo/**", "**/coverage/**", "**/next-env.d.ts"]),
    {
      files: ["**/*.{js,mjs,ts,tsx}"],
      extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir: packageDir },
        globals: globals.node,
      },
      linterOptions: { reportUnusedDisableDirectives: "error" },
      rules: {
        "@typescript-eslint/no-unused-vars": [
          "error",
          { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
        ],
        // A handler prop may be async: React ignores what it returns.
        "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
        "@typescript-eslint/switch-exhaustiveness-check": [
          "error",
          { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
        ],
        // An async function that implements a Promise-returning contract without awaiting is
        // correct, and `async` turns its throws into rejections: nothing to report.
        "@typescript-eslint/require-await": "off",
        eqeqeq: ["error", "smart"],
        "no-restricted-properties": ["error", { object: "process", property: "env", message: ENV_MESSAGE }],
        "no-restricted-imports": [
          "error",
          {
            paths: [
              { name: "process", importNames: ["env"], message: ENV_MESSAGE },
              { name: "node:process", importNames: ["env"], message: ENV_MESSAGE },
            ],
          },
        ],
      },
    },
    {
      files: TEST_FILES,
      rules: {
        // expect(mock.method) reads a mock to inspect it; it never calls it unbound.
        "@typescript-eslint/unbound-method": "off",
        // A test reads answers as the wire gives them (`await response.json()`) and its
        // assertions are the check; typing every body first would only repeat them.
        "@typescript-eslint/no-unsafe-argument": "off",
        "@typescript-eslint/no-unsafe-assignment": "off",
        "@typescript-eslint/no-unsafe-call": "off",
        "@typescript-eslint/no-unsafe-member-access": "off",
        "@typescript-eslint/no-unsafe-return": "off",
      },
    },
    {
      // The few plain JavaScript files (configs, a bin, a test server) belong to no tsconfig.
      files: ["**/*.{js,mjs}"],
      extends: [tseslint.configs.disableTypeChecked],
    },
    allowEnvAccess(ENV_READERS_EVERYWHERE),
  );
}

/**
 * Lets the given files read `process.env`: each package names its config (or entry point) here,
 * with the reason beside it.
 *
 * @param {string[]} files globs relative to the package
 */
export function allowEnvAccess(files) {
  return defineConfig({
    files,
    rules: { "no-restricted-properties": "off", "no-restricted-imports": "off" },
  });
}
