import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: "list",
  use: {
    baseURL,
    // Recording a trace of every journey costs a sixth of the run's time on two cores; to
    // look into a failure, run it again with `--trace retain-on-failure`.
    trace: "off",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // A production build on a fresh embedded database of its own.
    command: "rm -rf .data/e2e && exec node_modules/.bin/next start",
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
