import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN, signUp } from "./support/accounts";
import { openAdminTab, tag } from "./support/admin-panel";
import { paymentScreenshot } from "./support/wallet";

const QUIZ = "Olympiad Season 2";
const PARTICIPANT = "Ananya Krishnamurthy";

interface Payer {
  request: APIRequestContext;
  email: string;
}

/** Each test's payer: old enough to pay, with an address long enough to have wrapped mid-word before. */
const test = base.extend<{ participant: Payer }>({
  participant: async ({ browser, baseURL }, provide) => {
    const context = await browser.newContext({ baseURL });
    const email = `ananya.krishnamurthy.${tag()}@students.example-university.test`;
    const { id } = await signUp(context.request, email, PARTICIPANT);
    expect((await context.request.put(`/api/editUser/${id}`, { data: { name: PARTICIPANT, dob: "1998-06-15" } })).ok()).toBe(true);
    await provide({ request: context.request, email });
    await context.close();
  },
});

test.use({ viewport: { width: 1280, height: 800 } });

async function quizId(request: APIRequestContext): Promise<string> {
  const { quizzes } = (await (await request.get("/api/getquizes")).json()) as { quizzes: { id: string; title: string }[] };
  return quizzes.find((quiz) => quiz.title === QUIZ)!.id;
}

/** The entry fee by UPI with a screenshot and a UTR, as the payment modal sends it. */
async function payByUpi(request: APIRequestContext, utr: string): Promise<string> {
  const upload = await request.post("/api/upload", { multipart: { file: paymentScreenshot(), imageType: "payment" } });
  expect(upload.status()).toBe(201);
  const credit = await request.post("/api/wallet/credit", {
    data: { paymentType: "form pay", paymentMode: "upi", quizId: await quizId(request), payeeName: PARTICIPANT, paysnapurl: (await upload.json()).url, paymentId: utr },
  });
  expect(credit.status()).toBe(201);
  return ((await credit.json()) as { transaction: { id: string } }).transaction.id;
}

/** The payment's status as its payer's wallet history reports it. */
async function statusOf(request: APIRequestContext, id: string): Promise<string | undefined> {
  const { rows } = (await (await request.get("/api/wallet/history")).json()) as { rows: { id: string; status: string }[] };
  return rows.find((row) => row.id === id)?.status;
}

const utr = () => `4${(randomBytes(5).readUIntBE(0, 5) % 100_000_000_000).toString().padStart(11, "0")}`;

/** Transaction Management showing one payment, as a "see payment of …" link opens it. */
const paymentPage = (id: string) => `/adminpanel?tab=transactions&payment=${id}`;

function rowOf(page: Page, id: string): Locator {
  return page.locator(`tr#transaction-${id}`);
}

/** The value a confirmation shows under a label. */
function field(dialog: Locator, label: string): Locator {
  return dialog.locator(`dt:text-is("${label}") + dd`);
}

/** Whether focus is on the row or inside it. */
function focusIsIn(page: Page, id: string) {
  return page.evaluate((rowId) => document.activeElement?.closest("tr")?.id === rowId, `transaction-${id}`);
}

test.describe("reviewing a payment", () => {
  test("an admin at 1280 × 800 verifies a payment after a confirmation showing participant, amount, UTR and screenshot, without scrolling sideways", async ({ page, participant }) => {
    const reference = utr();
    const paymentId = await payByUpi(participant.request, reference);

    await openAdminTab(page, "transactions");
    const row = rowOf(page, paymentId);
    await expect(row).toBeVisible();

    // The table fits: nothing scrolls sideways, and the row's one action is on screen.
    const overflow = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      table: Math.max(...[...document.querySelectorAll<HTMLElement>("[role=region]")].map((region) => region.scrollWidth - region.clientWidth)),
    }));
    expect(overflow).toEqual({ page: 0, table: 0 });
    const verify = row.getByRole("button", { name: `Verify ${PARTICIPANT}'s payment` });
    await expect(verify).toBeInViewport({ ratio: 1 });
    const box = (await verify.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    // The email is cut at its @ at most, never inside a word.
    await expect(row.getByTitle(participant.email)).toHaveText(participant.email);

    // Escape cancels and gives focus back to the button.
    await verify.click();
    const dialog = page.getByRole("dialog", { name: "Verify this payment?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(verify).toBeFocused();
    expect(await statusOf(participant.request, paymentId)).toBe("pending");

    await verify.click();
    await expect(field(dialog, "Participant")).toHaveText(`${PARTICIPANT} ${participant.email}`);
    await expect(field(dialog, "Amount")).toHaveText("₹500");
    await expect(field(dialog, "UTR")).toHaveText(reference);
    const screenshot = dialog.getByRole("img", { name: `Payment screenshot from ${PARTICIPANT}` });
    await expect(screenshot).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Open screenshot full size/ })).toHaveAttribute("href", /^\/api\/files\/[0-9a-f-]{36}$/);

    await dialog.getByRole("button", { name: "Verify payment" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Payment Status Updated successfully!")).toBeVisible();
    await expect(row.getByText("This transaction has already been verified and cannot be changed.")).toBeVisible();
    await expect(row.getByRole("button", { name: /Verify|Reject/ })).toHaveCount(0);
    await expect.poll(() => focusIsIn(page, paymentId)).toBe(true);
    expect(await statusOf(participant.request, paymentId)).toBe("verified");
  });

  test("on a 320 px phone at 100 % and 200 % text, and at 1280 px with 200 % text, a payment's amount, status and Verify are on screen without scrolling sideways", async ({ page, participant }) => {
    const paymentId = await payByUpi(participant.request, utr());
    await openAdminTab(page, "transactions");
    await page.goto(paymentPage(paymentId));
    const row = rowOf(page, paymentId);
    await expect(row).toBeVisible();
    for (const { width, textSize } of [{ width: 320, textSize: "100%" }, { width: 320, textSize: "200%" }, { width: 1280, textSize: "200%" }]) {
      const screen = `at ${width} px with ${textSize} text`;
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate((fontSize) => (document.documentElement.style.fontSize = fontSize), textSize);
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        table: Math.max(0, ...[...document.querySelectorAll<HTMLElement>("[role=region]")].map((region) => region.scrollWidth - region.clientWidth)),
      }));
      expect(overflow, screen).toEqual({ page: 0, table: 0 });
      for (const [what, shown] of [
        // Named with its column's name, which a stacked row shows beside the value.
        ["the amount", row.getByRole("cell", { name: "Amount ₹500" })],
        ["the status", row.getByText("pending", { exact: true })],
        ["Verify", row.getByRole("button", { name: `Verify ${PARTICIPANT}'s payment` })],
      ] as const) {
        const box = (await shown.boundingBox())!;
        expect(box.x, `${what}'s left ${screen}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${what}'s right ${screen}`).toBeLessThanOrEqual(width);
      }
    }
  });

  test("arrow keys on a row never change its status", async ({ page, participant }) => {
    const paymentId = await payByUpi(participant.request, utr());
    await openAdminTab(page, "transactions");
    const row = rowOf(page, paymentId);

    for (const control of [row.getByRole("button", { name: /^Verify/ }), row.getByRole("button", { name: /^Reject/ }), row.getByRole("button", { name: /^Details/ }), row]) {
      await control.focus();
      for (const key of ["ArrowDown", "ArrowDown", "ArrowUp", "ArrowDown"]) await page.keyboard.press(key);
    }
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row.getByText("pending", { exact: true })).toBeVisible();
    expect(await statusOf(participant.request, paymentId)).toBe("pending");
  });

  test("a payment rejected and paid again stays rejected and points at the newer one", async ({ page, participant }) => {
    const first = await payByUpi(participant.request, utr());
    await openAdminTab(page, "transactions");
    await page.goto(paymentPage(first));
    await rowOf(page, first).getByRole("button", { name: /^Reject/ }).click();
    const reject = page.getByRole("dialog", { name: "Reject this payment?" });
    await reject.getByRole("button", { name: "Reject payment" }).click();
    await expect(rowOf(page, first).getByText("rejected", { exact: true })).toBeVisible();
    await expect.poll(() => focusIsIn(page, first)).toBe(true);

    const second = await payByUpi(participant.request, utr());
    await page.reload();
    const old = rowOf(page, first);
    await expect(old.getByText("Paid again:")).toBeVisible();
    await expect(old.getByRole("button", { name: /^Verify/ })).toHaveCount(0);
    await old.getByRole("link", { name: /^see payment of/ }).click();
    await expect(page).toHaveURL(new RegExp(`payment=${second}`));
    await expect(page.getByText("Showing one payment.")).toBeVisible();
    await expect(page.locator("tbody tr[id]")).toHaveCount(1);
    await expect(rowOf(page, second)).toBeVisible();
    await expect(rowOf(page, second).getByRole("button", { name: /^Verify/ })).toBeVisible();
  });

  test("a second payment for a quiz already paid is refunded to the wallet once, with its reason", async ({ page, browser, baseURL, participant }) => {
    // A UPI payment still pending when the participant pays from the wallet is a duplicate.
    const reference = utr();
    const second = await payByUpi(participant.request, reference);
    const admin = await browser.newContext({ baseURL });
    try {
      expect((await admin.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
      // Only money that arrived is refunded: the bank statement shows this payment's credit.
      const statement = await admin.request.post("/api/payments/reconciliation", { data: { csv: `UTR,Amount\n${reference},500.00\n`, utrColumn: "UTR", amountColumn: "Amount" } });
      expect(statement.ok()).toBe(true);
      const upload = await participant.request.post("/api/upload", { multipart: { file: paymentScreenshot(), imageType: "payment" } });
      const topUp = await participant.request.post("/api/wallet/credit", { data: { paymentType: "credit", amount: 500, payeeName: PARTICIPANT, paysnapurl: (await upload.json()).url } });
      expect((await admin.request.put(`/api/wallet/transaction/${(await topUp.json()).transaction.id}`, { data: { paymentVerified: "verified" } })).ok()).toBe(true);
    } finally {
      await admin.close();
    }
    const fromWallet = await participant.request.post("/api/wallet/debit", { data: { paymentType: "form pay", paymentMode: "wallet", quizId: await quizId(participant.request) } });
    expect(fromWallet.status()).toBe(201);

    await openAdminTab(page, "transactions");
    await page.goto(paymentPage(second));
    const duplicate = rowOf(page, second);
    await expect(duplicate.getByText("Already paid for this quiz:")).toBeVisible();
    await expect(duplicate.getByRole("button", { name: /^Verify/ })).toHaveCount(0);
    await duplicate.getByRole("button", { name: /^Refund/ }).click();
    const refund = page.getByRole("dialog", { name: "Refund this payment to the wallet?" });
    await refund.getByRole("button", { name: "Refund ₹500 to wallet" }).click();
    await expect(refund.getByRole("alert")).toHaveText("Please give the reason for the refund.");
    await refund.getByLabel("Reason for the refund").fill("Paid by UPI and from the wallet");
    await refund.getByRole("button", { name: "Refund ₹500 to wallet" }).click();
    await expect(page.getByText("The payment was refunded to the participant's wallet.")).toBeVisible();
    await expect(duplicate.getByText(/^Refunded to the wallet/)).toBeVisible();
    await expect(duplicate.getByRole("button", { name: /^Refund/ })).toHaveCount(0);

    // Once: a second refund is refused, and the wallet holds one credit for the payment.
    const again = await page.request.post(`/api/wallet/transaction/${second}/refund`, { data: { reason: "Pressed twice" } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe("This payment has already been refunded to the participant's wallet.");
    const { rows } = (await (await participant.request.get("/api/wallet/history")).json()) as { rows: { type: string; status: string; reason: string; amountPaise: number }[] };
    expect(rows.filter((row) => row.reason.includes("Paid by UPI and from the wallet"))).toEqual([
      expect.objectContaining({ type: "credit", status: "verified", amountPaise: 50_000 }),
    ]);
  });
});
