import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./e2e/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

/**
 * Journeys that run after the others, one at a time: four start servers and databases of their
 * own (three time how fast they start and stop; one turns the payment gateway on), one holds the
 * exam page to a 2 s promise, and the blog post's publish and delete would pull an article from
 * under the blog reader's journey.
 */
const RUN_ALONE = [
  "**/run-two-instances-behind-nginx.spec.ts",
  "**/start-and-stop-the-server.spec.ts",
  "**/interrupt-a-bench.spec.ts",
  "**/keep-answering-while-the-server-is-down.spec.ts",
  "**/publish-a-blog-post.spec.ts",
  "**/pay-through-the-gateway.spec.ts",
];

export default defineConfig({
  testDir: "e2e",
  // Two journeys at a time, each spec file whole on one worker: they share one server and database
  // and keep out of each other's way (their own users and quizzes, mail read by recipient). The
  // few that start servers of their own or change what every page shows run alone, afterwards.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // Two browsers, the server and its database share two cores: an answer can take a few seconds.
  expect: { timeout: 10_000 },
  reporter: "list",
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    // Recording a trace of every journey costs a sixth of the run's time on two cores; to
    // look into a failure, run it again with `--trace retain-on-failure`.
    trace: "off",
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "chromium", testIgnore: RUN_ALONE },
    // Run after the rest (npm test runs it on its own, `--project alone --no-deps`, keeping the first run's failures in test-results/).
    { name: "alone", testMatch: RUN_ALONE, workers: 1, dependencies: ["chromium"], outputDir: "test-results/alone" },
  ],
  webServer: {
    // A production build on a fresh embedded database of its own.
    // Idle connections stay open longer than any pause in a journey: a request sent on a connection
    // the server is closing at that moment fails with ECONNRESET (as it would behind a proxy whose
    // own keep-alive outlasts the app's).
    // Through scripts/start.mjs, as `npm start` serves: the front door answers the exam's calls.
    command: "rm -rf .data/e2e && exec node scripts/start.mjs --keepAliveTimeout 70000",
    url: `${baseURL}/prizelisting`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(PORT),
      NEXTAUTH_URL: baseURL,
      DATA_DIR: ".data/e2e",
      EMBEDDED_DATABASE_PORT: process.env.E2E_DATABASE_PORT ?? "54339",
      ADMIN_PASSWORD: "admin-password-for-e2e",
      // e2e/support/mailbox.ts listens here and captures what the app mails.
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
      // Seals winners' PAN and bank details (e2e/prize-payout.spec.ts); a fixed test key, never a real one.
      PAYOUT_ENCRYPTION_KEY: "ZTJlLXBheW91dC1rZXktMzItYnl0ZXMtbG9uZyEhISE=",
      // The deductor on payout statements (e2e/prize-payout.spec.ts checks them on the PDF).
      TAX_DEDUCTOR_NAME: "Olympiad Learning Pvt Ltd",
      TAX_DEDUCTOR_ADDRESS: "12 MG Road, Bengaluru, Karnataka 560001",
      TAX_DEDUCTOR_TAN: "BLRA12345B",
      // Off unless set (lib/config): on here so that e2e/create-a-quiz.spec.ts and
      // e2e/quiz-prize-table.spec.ts can save paid entry with cash prizes through the form, with its
      // lawfulness confirmation. The seeded quizzes and the public pages do not depend on it.
      CASH_PRIZES_ALLOWED: "true",
    },
  },
});
