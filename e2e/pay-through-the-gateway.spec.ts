import { type ChildProcess, execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startFakeRazorpay, type FakeRazorpay } from "../tests/support/fake-razorpay";
import { ADMIN, logIn, signUp } from "./support/accounts";
import { collectConsoleErrors } from "./support/console";
import { withClient } from "./support/exam-db";
import { spawnLogged, stopProcess, waitFor } from "./support/processes";

/**
 * Payments through the gateway (issue 54): a production server of this spec's own with
 * PAYMENT_GATEWAY=razorpay, pointed at the local fake of Razorpay (tests/support/fake-razorpay.ts)
 * running in this process, whose Checkout stand-in the participant pays in and whose signed
 * webhooks reach the server. Clear of the main e2e server's ports (3100, 54339) and the other
 * journeys that start servers of their own.
 */
const PORT = 3130;
const DATABASE_PORT = 54369;
const GATEWAY_PORT = 17251;
const url = `http://127.0.0.1:${PORT}`;
/** lib/db/embedded.ts: the embedded server's owner and database. */
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${DATABASE_PORT}/olympiad`;

const PAY = "Please Pay to Attend Quiz";
const PAY_THROUGH_GATEWAY = "Pay with UPI, card or net banking";
const CHECKOUT = "Razorpay Checkout (test)";
/** The quizzes' entry fee, ₹250: not the default ₹500, so the checkout shows the quiz's own. */
const FEE_PAISE = 25_000;

let directory: string;
let server: ChildProcess | undefined;
let gateway: FakeRazorpay | undefined;

const dataDir = () => path.join(directory, "data");
const logFile = () => path.join(directory, "server.log");

/** The server's settings, which `npm run ledger:check` shares to reach its database. */
function serverEnv() {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production" as const,
    PORT: String(PORT),
    DATA_DIR: dataDir(),
    EMBEDDED_DATABASE_PORT: String(DATABASE_PORT),
    ADMIN_PASSWORD: "admin-password-for-the-gateway",
    APP_URL: url,
    NEXTAUTH_URL: url,
    NEXT_TELEMETRY_DISABLED: "1",
    ...gateway!.env,
  };
}

test.use({ baseURL: url });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  directory = await mkdtemp(path.join(os.tmpdir(), "olympiad-gateway-"));
  // As root the embedded PostgreSQL runs as the postgres user, who must reach its data inside.
  await chmod(directory, 0o755);
  gateway = await startFakeRazorpay({
    port: GATEWAY_PORT,
    keyId: "rzp_test_e2eGateway",
    keySecret: randomBytes(16).toString("hex"),
    webhookSecret: randomBytes(16).toString("hex"),
    webhookUrl: `${url}/api/payments/gateway/webhook`,
  });
  server = spawnLogged("npm", ["start", "--", "-p", String(PORT), "-H", "127.0.0.1"], { cwd: process.cwd(), env: serverEnv(), logFile: logFile() });
  await waitFor("The gateway journeys' server", `${url}/api/ready`, server, logFile());
});

test.afterAll(async () => {
  if (server) await stopProcess(server, "SIGTERM");
  await gateway?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

const query = <Row extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  withClient(DATABASE_URL, async (client) => (await client.query<Row>(text, values)).rows);

/** A paid quiz of the journey's own whose registration is open and whose exam is a day away. */
async function openQuiz(prefix: string): Promise<{ id: string; title: string }> {
  const title = `${prefix} ${randomBytes(4).toString("hex")}`;
  const [quiz] = await query<{ id: string }>(
    `insert into quizzes (title, name, contest_model, entry_fee_paise, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
     values ($1, $1, 'paid_certificates', $2, now() - interval '1 day', now() + interval '1 day', now() + interval '1 day', now() + interval '2 days', now() + interval '3 days')
     returning id`,
    [title, FEE_PAISE],
  );
  return { id: quiz.id, title };
}

/** Agrees to the terms, opens the payment modal and chooses the gateway, which comes first: its checkout. */
async function openCheckout(card: Locator, terms: string, pay: string, dialogName: string, throughGateway: string): Promise<Locator> {
  await card.getByRole("checkbox", { name: terms }).check();
  await card.getByRole("button", { name: pay }).click();
  const dialog = card.page().getByRole("dialog", { name: dialogName });
  const buttons = dialog.getByRole("button");
  // The gateway first; SPEC's screenshot flow still there, second.
  await expect(buttons.first()).toHaveText(throughGateway);
  await expect(dialog.locator('input[type="file"]')).toHaveCount(1);
  await buttons.first().click();
  await expect(dialog).toBeHidden();
  const checkout = card.page().getByRole("dialog", { name: CHECKOUT });
  await expect(checkout).toBeVisible();
  return checkout;
}

/** A mark on the page's window: still there afterwards, the page was not reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { e2eNotReloaded: true }));
  return () => page.evaluate(() => "e2eNotReloaded" in window);
}

test("a participant pays the entry fee through the gateway as the exam opens and sees Lets, Start Quiz within 10 s, without a reload", async ({ page }) => {
  const errors = await collectConsoleErrors(page);
  const { id: userId } = await signUp(page.request);
  const quiz = await openQuiz("Gateway e2e");
  await page.goto("/dashboard");
  const notReloaded = await markPage(page);
  const card = page.getByRole("article", { name: quiz.title });
  const checkout = await openCheckout(card, "I agree to the Terms and Conditions", PAY, "Payment Instruction", PAY_THROUGH_GATEWAY);

  // Paying at the last minute: registration closes and the exam opens while the checkout is open.
  // The order was made in time and holds the seat, so the payment is still the entry fee.
  await query(`update quizzes set form_end_at = now() - interval '1 second', exam_start_at = now() - interval '1 second' where id = $1`, [quiz.id]);
  await checkout.getByRole("button", { name: "Pay ₹250" }).click();
  await expect(checkout).toBeHidden();

  await expect(card.getByRole("link", { name: "Lets, Start Quiz" })).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText("Paid — you can start the quiz when it opens")).toBeVisible();
  await expect(card.getByRole("button", { name: PAY })).toHaveCount(0);
  expect(await notReloaded()).toBe(true);
  // The gateway's script and its calls are within the page's Content Security Policy.
  expect(errors.filter((error) => error.startsWith("CSP refused"))).toEqual([]);

  // One verified entry fee through the gateway: the ledger row of the payment the gateway captured.
  const fees = await query<{ payment_reference: string }>(
    `select t.type, t.mode::text as mode, t.status::text as status, t.amount_paise, t.payment_reference, p.status::text as payment_status
     from transactions t left join gateway_payments p on p.transaction_id = t.id
     where t.user_id = $1 and t.quiz_id = $2`,
    [userId, quiz.id],
  );
  expect(fees).toEqual([{ type: "form pay", mode: "gateway", status: "verified", amount_paise: FEE_PAISE, payment_reference: expect.stringMatching(/^pay_/), payment_status: "captured" }]);
  expect(gateway!.payments()).toContainEqual(expect.objectContaining({ id: fees[0].payment_reference, status: "captured", amount: FEE_PAISE }));
});

test("a failed payment says Payment failed — try again on the card, and the Pay button stays", async ({ page }) => {
  const { id: userId } = await signUp(page.request);
  const quiz = await openQuiz("Gateway failure e2e");
  await page.goto("/dashboard");
  const card = page.getByRole("article", { name: quiz.title });
  const checkout = await openCheckout(card, "I agree to the Terms and Conditions", PAY, "Payment Instruction", PAY_THROUGH_GATEWAY);

  await checkout.getByRole("button", { name: "Fail payment" }).click();
  await expect(card.getByText("Payment failed — try again")).toBeVisible();
  await checkout.getByRole("button", { name: "Close" }).click();
  await expect(checkout).toBeHidden();
  // Closing the checkout takes nothing back: the card still says so, and offers Pay again.
  await expect(card.getByText("Payment failed — try again")).toBeVisible();
  await expect(card.getByRole("button", { name: PAY })).toBeEnabled();
  await expect(card.getByRole("link", { name: "Lets, Start Quiz" })).toHaveCount(0);
  expect(await query(`select 1 from transactions where user_id = $1`, [userId])).toEqual([]);
  // Loaded again later, the card still says where the payment stands.
  await page.reload();
  await expect(page.getByRole("article", { name: quiz.title }).getByText("Payment failed — try again")).toBeVisible();
});

test("a top-up through the gateway shows the new balance on the wallet page without a reload", async ({ page }) => {
  await signUp(page.request);
  await page.goto("/walletdetails");
  const notReloaded = await markPage(page);
  const balance = page.getByRole("region", { name: "Balance" });
  await expect(balance.getByText("₹0", { exact: true })).toBeVisible();
  const topUp = page.getByRole("form", { name: PAY_THROUGH_GATEWAY });
  await topUp.getByLabel("Amount").fill("300");
  await topUp.getByRole("button", { name: PAY_THROUGH_GATEWAY }).click();
  const checkout = page.getByRole("dialog", { name: CHECKOUT });
  await checkout.getByRole("button", { name: "Pay ₹300" }).click();

  await expect(balance.getByText("₹300", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(topUp.getByText("Money added to your wallet.")).toBeVisible();
  expect(await notReloaded()).toBe(true);
});

test.describe("in Hindi", () => {
  test.use({ locale: "hi-IN" });

  test("the card says the payment went through in Hindi", async ({ page }) => {
    await signUp(page.request);
    const quiz = await openQuiz("Gateway Hindi e2e");
    await page.goto("/dashboard");
    const card = page.getByRole("article", { name: quiz.title });
    const checkout = await openCheckout(card, "मैं नियमों और शर्तों से सहमत हूँ", "क्विज़ में भाग लेने के लिए कृपया भुगतान करें", "भुगतान निर्देश", "UPI, कार्ड या नेट बैंकिंग से भुगतान करें");
    await checkout.getByRole("button", { name: "Pay ₹250" }).click();
    await expect(card.getByText("भुगतान हो गया — क्विज़ खुलते ही आप इसे शुरू कर सकते हैं")).toBeVisible({ timeout: 10_000 });
  });
});

test("an admin refunds a top-up through the gateway from Transaction Management, with a reason, once", async ({ page, playwright }) => {
  const participant = await playwright.request.newContext({ baseURL: url });
  try {
    const { id: userId } = await signUp(participant);
    const ordered = await participant.post("/api/payments/gateway/orders", { data: { purpose: "top_up", amount: 300 } });
    expect(ordered.status()).toBe(201);
    const { order } = (await ordered.json()) as { order: { gatewayOrderId: string } };
    const { payment } = gateway!.pay(order.gatewayOrderId);
    const receiptOf = () => query<{ id: string }>(`select id from transactions where user_id = $1 and mode = 'gateway' and type = 'credit' and status = 'verified'`, [userId]);
    await expect.poll(async () => (await receiptOf()).length, { timeout: 10_000 }).toBe(1);
    const [receipt] = await receiptOf();

    await logIn(page, ADMIN.email, serverEnv().ADMIN_PASSWORD);
    await page.goto(`/adminpanel?tab=transactions&payment=${receipt.id}`);
    const row = page.locator(`tr#transaction-${receipt.id}`);
    await row.getByRole("button", { name: /^Refund through the gateway/ }).click();
    const dialog = page.getByRole("dialog", { name: "Refund this payment through the gateway?" });
    await expect(dialog.locator('dt:text-is("Gateway payment") + dd')).toHaveText(payment.id);
    await dialog.getByRole("button", { name: "Refund ₹300 through the gateway" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please give the reason for the refund.");
    await dialog.getByLabel("Reason for the refund").fill("The participant asked for the money back");
    await dialog.getByRole("button", { name: "Refund ₹300 through the gateway" }).click();

    await expect(page.getByText("The payment was refunded through the payment gateway.")).toBeVisible();
    await expect(row.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    await row.getByRole("button", { name: /^Details/ }).click();
    await expect(page.getByText(new RegExp(`^rfnd_\\w+ of ${payment.id}: ₹300, processed$`))).toBeVisible();
    expect(gateway!.refunds()).toContainEqual(expect.objectContaining({ payment_id: payment.id, amount: 30_000, status: "processed" }));
    expect(await query(`select status::text as status, reason from transactions where user_id = $1 and type = 'debit'`, [userId])).toEqual([{ status: "verified", reason: "gatewayRefund" }]);

    // Once: the gateway refunds a payment once, whoever presses again.
    const again = await page.request.post(`/api/payments/gateway/payments/${receipt.id}/refund`, { data: { reason: "Pressed twice" } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe("This payment has already been refunded through the payment gateway.");
  } finally {
    await participant.dispose();
  }
});

test("the books balance after the gateway's payments and refund: npm run ledger:check passes on this server's data", async () => {
  test.setTimeout(60_000);
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "ledger:check"], {
    cwd: process.cwd(),
    env: serverEnv(),
  });
  expect(stdout).toContain("Books balance:");
});
