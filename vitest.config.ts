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
// Payments through Razorpay with fixed test keys, never real ones. A file that pays starts its own
// fake of Razorpay's API (tests/support/fake-razorpay.ts) on a free port and points the gateway's
// settings at it; until then the API is a port nothing listens on, never Razorpay's own.
process.env.PAYMENT_GATEWAY ??= "razorpay";
process.env.RAZORPAY_KEY_ID ??= "rzp_test_olympiad";
process.env.RAZORPAY_KEY_SECRET ??= "olympiad-test-key-secret";
process.env.RAZORPAY_WEBHOOK_SECRET ??= "olympiad-test-webhook-secret";
process.env.RAZORPAY_API_URL ??= "http://127.0.0.1:9";
process.env.RAZORPAY_CHECKOUT_URL ??= "http://127.0.0.1:9/checkout.js";
// Push tests deliver to local push services (http on 127.0.0.1 and localhost); never set in production.
process.env.PUSH_ALLOW_LOCAL_ENDPOINTS ??= "true";
// Two passes share two cores, so an answer saved in-process can take tens of milliseconds: the start
// line's pace (lib/exam/start-pace.ts) moves only where a test makes the database slow on purpose.
process.env.EXAM_START_LINE_TARGET_MS ??= "200";
// A start line whose ceiling is a tenth of production's: a test that fills it (tests/api/start-queue.test.ts)
// then runs a hundred starts, not a thousand, which on a loaded machine take longer than its timeout.
process.env.EXAM_STARTS_PER_SECOND ??= "100";

/** One migrated and seeded database per project (tests/support/global-setup.ts). */
const GLOBAL_SETUP = ["tests/support/global-setup.ts"];
const TEST_FILES = ["lib/**/*.test.ts", "tests/**/*.test.ts", "app/**/*.test.ts"];
/**
 * npm test's pass on the PostgreSQL server leaves out the files that touch no database, which the
 * embedded pass beside it runs (a project's own include and exclude are not changed by --exclude),
 * and the hostile-input table (tests/security/bad-input.test.ts): 2,500 refusals made by the
 * routes' schemas before any query, the longest file of a pass, whose database reads only show
 * that nothing was written.
 */
const LEFT_OUT = process.env.VITEST_DATABASE_FILES_ONLY === "1" ? ["tests/ui/**", "tests/architecture/**", "tests/docs/**", "tests/security/bad-input.test.ts"] : [];
/** Files that start the job workers (tests/support/jobs.ts, or their own) and check what the jobs did. */
const JOB_WORKER_FILES = [
  "tests/api/hindi-messages.test.ts",
  "tests/api/google-login.test.ts",
  "tests/api/admin.test.ts",
  "tests/api/email-verification.test.ts",
  "tests/api/password-reset.test.ts",
  "tests/api/jobs.test.ts",
];
/** A job-worker file that sets the mailer's SMTP server before the app's modules load: modules of its own, after the other job-worker files. */
const JOB_WORKER_FILES_OWN_MODULES = ["tests/api/forged-jobs.test.ts"];

/**
 * Files that set the environment or mock a module before the app's modules load (a database of
 * their own, a full disk, Next's request headers), or change settings another file would read:
 * each gets modules of its own, as the job-worker files do. Every other file shares its worker's
 * modules with the files before it (isolate: false): loading the app's modules for each file
 * again took 45 % of a pass.
 */
const OWN_MODULE_FILES = [
  "tests/api/books.test.ts",
  "tests/api/gateway-books.test.ts",
  "tests/api/payment-gateway.test.ts",
  "tests/api/gateway-review-list.test.ts",
  "tests/api/free-pass.test.ts",
  "tests/api/revision-money.test.ts",
  "tests/api/prize-payout.test.ts",
  "tests/api/uploads.test.ts",
  "tests/api/sessions.test.ts",
  "tests/security/recording-uploads.test.ts",
  "tests/db/embedded-outage.test.ts",
  "tests/db/external-outage.test.ts",
  "lib/storage/storage.test.ts",
  // Loads scripts/front-door.mjs, which wraps http.createServer for the process.
  "tests/api/front-door.test.ts",
];

export default defineConfig({
  resolve: {
    // Next resolves "server-only" to an empty module on the server (the react-server condition);
    // the suite runs as the server does.
    alias: { "@": import.meta.dirname, "server-only": `${import.meta.dirname}/node_modules/server-only/empty.js` },
  },
  test: {
    setupFiles: ["tests/support/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Two files at a time: one keeps a core busy a third of the time, waiting on its database.
      {
        extends: true,
        test: { name: "files", include: TEST_FILES, exclude: [...JOB_WORKER_FILES, ...JOB_WORKER_FILES_OWN_MODULES, ...OWN_MODULE_FILES, ...LEFT_OUT], isolate: false, maxWorkers: 2, globalSetup: GLOBAL_SETUP, sequence: { groupOrder: 0 } },
      },
      // Each in a process of its own (Vitest runs them once the shared-module files are done), two at a time.
      { extends: true, test: { name: "own modules", include: OWN_MODULE_FILES, exclude: LEFT_OUT, maxWorkers: 2, globalSetup: GLOBAL_SETUP, sequence: { groupOrder: 0 } } },
      // Then, one at a time and alone, the files that run the job workers and wait for their mail:
      // beside other files, those files' own mail queued behind everyone else's for longer than a
      // test waits (and each worker takes every file's jobs). They share one process's modules, as
      // the first project's files do: a process and the app's modules for each file cost more than
      // the file's own tests.
      { extends: true, test: { name: "job workers", include: JOB_WORKER_FILES, isolate: false, maxWorkers: 1, globalSetup: GLOBAL_SETUP, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: "job workers, own modules", include: JOB_WORKER_FILES_OWN_MODULES, maxWorkers: 1, globalSetup: GLOBAL_SETUP, sequence: { groupOrder: 2 } } },
    ],
  },
});
