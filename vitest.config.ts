import { defineConfig } from "vitest/config";

// Read by lib/config in the global setup (which seeds) and in every worker alike.
process.env.ADMIN_PASSWORD ??= "admin-password-for-tests";
process.env.DATA_DIR ??= ".data/test";

export default defineConfig({
  resolve: {
    alias: { "@": import.meta.dirname },
  },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "app/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // server-only code: the react-server condition makes "server-only" a no-op as in Next.
    server: { deps: { inline: ["server-only"] } },
  },
});
