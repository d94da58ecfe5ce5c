// @ts-check
import nextPlugin from "@next/eslint-plugin-next";
import { defineConfig } from "eslint/config";

/**
 * A "use client" module exports components and hooks only: any other value a server component
 * imports from it arrives as a client reference, not the value (an array of colours, say).
 */
const USE_CLIENT_MODULE = "Program:has(> ExpressionStatement[directive='use client'])";
const NEITHER_COMPONENT_NOR_HOOK = "Identifier.id[name=/^(?!use[A-Z])[^A-Z]/]";
const USE_CLIENT_EXPORTS = [
  `${USE_CLIENT_MODULE} > ExportNamedDeclaration > :matches(FunctionDeclaration, ClassDeclaration) > ${NEITHER_COMPONENT_NOR_HOOK}`,
  `${USE_CLIENT_MODULE} > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ${NEITHER_COMPONENT_NOR_HOOK}`,
].map((selector) => ({
  selector,
  message: 'A "use client" module exports components and hooks only; move this value to a plain module.',
}));

/** Next.js's own rules, the Core Web Vitals set included, and the App Router's module boundary. */
export const nextjsConfig = defineConfig({
  files: ["**/*.{ts,tsx}"],
  plugins: { "@next/next": nextPlugin },
  rules: {
    ...nextPlugin.configs.recommended.rules,
    ...nextPlugin.configs["core-web-vitals"].rules,
    "no-restricted-syntax": ["error", ...USE_CLIENT_EXPORTS],
  },
});
