import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const databaseAndStorage = {
  patterns: [
    {
      group: ["@/lib/db", "@/lib/db/*", "@/db/*", "@/lib/storage", "@/lib/storage/*", "pg", "drizzle-orm*"],
      message: "Pages and components reach the database and storage only through lib/<capability> services.",
    },
  ],
};

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    files: ["app/**", "components/**", "proxy.ts"],
    rules: { "no-restricted-imports": ["error", databaseAndStorage] },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  globalIgnores([".next/**", ".data/**", "node_modules/**", "public/sw.js", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
