import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import olympiad from "./eslint/boundaries.mjs";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    // The layers (docs/architecture.md): tests, end-to-end specs and scripts may reach inside.
    files: ["app/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
    plugins: { olympiad },
    rules: {
      "olympiad/capability-boundaries": "error",
      "olympiad/client-imports": "error",
      "olympiad/server-only": "error",
      "olympiad/one-way": "error",
    },
  },
  {
    // The server logs through lib/log (JSON lines with the request id); the browser's few warnings stay.
    files: ["app/**", "lib/**"],
    ignores: ["lib/log/**"],
    rules: { "no-console": "error" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  globalIgnores([".next/**", ".data/**", "node_modules/**", "public/sw.js", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
