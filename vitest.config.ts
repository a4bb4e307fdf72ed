import { defineConfig } from "vitest/config";

// Read by lib/config in the global setup (which seeds) and in every worker alike.
process.env.ADMIN_PASSWORD ??= "admin-password-for-tests";
process.env.DATA_DIR ??= ".data/test";
// A request line per handler call would bury the test report; warnings and errors still show.
process.env.LOG_LEVEL ??= "warn";
process.env.METRICS_TOKEN ??= "metrics-token-for-tests";
// As behind one proxy, so tests can log in from many addresses through X-Forwarded-For.
process.env.TRUSTED_PROXY_HOPS ??= "1";
// Google sign-in against a local OpenID issuer that tests/api/google-login.test.ts starts: on a port
// below the kernel's ephemeral range (32768–60999), which an outgoing connection can never hold.
process.env.GOOGLE_CLIENT_ID ??= "olympiad-test-client";
process.env.GOOGLE_ISSUER ??= "http://localhost:17231";
process.env.GOOGLE_JWKS_URL ??= "http://127.0.0.1:17231/jwks";
// Push tests deliver to local push services (http on 127.0.0.1 and localhost); never set in production.
process.env.PUSH_ALLOW_LOCAL_ENDPOINTS ??= "true";

export default defineConfig({
  resolve: {
    // Next resolves "server-only" to an empty module on the server (the react-server condition);
    // the suite runs as the server does.
    alias: { "@": import.meta.dirname, "server-only": `${import.meta.dirname}/node_modules/server-only/empty.js` },
  },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "app/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
