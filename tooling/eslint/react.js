// @ts-check
import { defineConfig } from "eslint/config";
import reactPlugin from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";

/**
 * React rules for the web app: the recommended sets for JSX and hooks (the new JSX runtime, so
 * React need not be in scope; TypeScript checks props, so prop-types are off). No page ever sets
 * raw HTML: everything it shows comes from a runner or an imported file.
 */
export const reactConfig = defineConfig({
  files: ["**/*.{ts,tsx}"],
  extends: [
    reactPlugin.configs.flat.recommended,
    reactPlugin.configs.flat["jsx-runtime"],
    reactHooks.configs.flat.recommended,
  ],
  settings: { react: { version: "detect" } },
  rules: {
    "react/prop-types": "off",
    "react/no-danger": "error",
  },
});
