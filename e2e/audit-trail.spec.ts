import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, signUp } from "./support/accounts";
import { openAdminPanel, tag } from "./support/admin-panel";
import { paymentScreenshot } from "./support/wallet";

const QUIZ = "Olympiad Season 2";
const PARTICIPANT = "Meera Subramanian";

const utr = () => `4${(randomBytes(5).readUIntBE(0, 5) % 100_000_000_000).toString().padStart(11, "0")}`;

/** A participant old enough to pay submits the entry fee by UPI, as the payment modal does. */
async function pendingPayment(request: APIRequestContext): Promise<string> {
  const { id } = await signUp(request, `meera.${tag()}@example.test`, PARTICIPANT);
  expect((await request.put(`/api/editUser/${id}`, { data: { name: PARTICIPANT, dob: "1998-06-15" } })).ok()).toBe(true);
  const { quizzes } = (await (await request.get("/api/getquizes")).json()) as { quizzes: { id: string; title: string }[] };
  const upload = await request.post("/api/upload", { multipart: { file: paymentScreenshot(), imageType: "payment" } });
  expect(upload.status()).toBe(201);
  const credit = await request.post("/api/wallet/credit", {
    data: { paymentType: "form pay", paymentMode: "upi", quizId: quizzes.find((quiz) => quiz.title === QUIZ)!.id, payeeName: PARTICIPANT, paysnapurl: (await upload.json()).url, paymentId: utr() },
  });
  expect(credit.status()).toBe(201);
  return ((await credit.json()) as { transaction: { id: string } }).transaction.id;
}

function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe("the audit trail", () => {
  test("an admin verifies a payment, then finds the entry under their name in the Audit trail tab and filters by action", async ({ page, browser, baseURL }) => {
    // A whole journey: sign-up, payment, the decision, then four visits of the trail.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    const payer = await browser.newContext({ baseURL });
    const paymentId = await pendingPayment(payer.request);
    await payer.close();

    // Logging in hashes a password: on a busy machine that takes longer than an expectation's 5 s.
    await openAdminPanel(page, `?tab=transactions&payment=${paymentId}`);
    await page.locator(`tr#transaction-${paymentId}`).getByRole("button", { name: `Verify ${PARTICIPANT}'s payment` }).click();
    await page.getByRole("dialog", { name: "Verify this payment?" }).getByRole("button", { name: "Verify payment" }).click();
    await expect(page.getByText("Payment Status Updated successfully!")).toBeVisible();

    await page.getByRole("navigation", { name: "Admin panel sections" }).getByRole("link", { name: "Audit trail" }).click();
    await expect(page.getByRole("heading", { name: "Audit trail", level: 2 })).toBeVisible();
    const table = page.getByRole("table", { name: "Audit trail" });
    const entry = table.getByRole("row").filter({ has: page.getByRole("link", { name: paymentId }) });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole("rowheader")).toContainText("Admin");
    await expect(entry.getByTitle(ADMIN.email)).toHaveText(ADMIN.email);
    await expect(entry.getByRole("cell", { name: "Payment verified" })).toBeVisible();
    expect(await overflow(page)).toBe(0);

    // The diff is folded away until asked for, and then names the changed keys.
    const changes = entry.getByRole("group");
    await entry.getByText(/\d+ changes?/).click();
    await expect(changes.locator("dt", { hasText: /^status$/ })).toBeVisible();
    await expect(changes.locator("dd").first()).toHaveText(/pending.*→.*verified/);

    // Filtering by action keeps the entry for "Payment verified" and drops it for "Role changed".
    await page.getByLabel("Action").selectOption({ label: "Payment verified" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=payment\.verify/);
    await expect(page.getByRole("table", { name: "Audit trail" }).getByRole("link", { name: paymentId })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Role changed" })).toHaveCount(0);

    await page.getByLabel("Action").selectOption({ label: "Role changed" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=user\.role/);
    await expect(page.getByRole("link", { name: paymentId })).toHaveCount(0);

    // The subject link opens the payment itself in Transaction Management.
    await page.goto(`/adminpanel?tab=audit&subject=${paymentId}`);
    await page.getByRole("link", { name: paymentId }).click();
    await expect(page).toHaveURL(new RegExp(`tab=transactions&payment=${paymentId}`));

    // On a phone the tab stays within the screen; the table scrolls sideways inside its own region.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/adminpanel?tab=audit&subject=${paymentId}`);
    await expect(page.getByRole("link", { name: paymentId })).toBeAttached();
    const fit = await page.evaluate(() => {
      const tab = document.querySelector("section[aria-labelledby=admin-tab-heading]")!;
      const region = tab.querySelector<HTMLElement>("[role=region]")!;
      return { tabRight: Math.round(tab.getBoundingClientRect().right), regionRight: Math.round(region.getBoundingClientRect().right), scrolls: region.scrollWidth > region.clientWidth };
    });
    expect(fit.tabRight).toBeLessThanOrEqual(375);
    expect(fit.regionRight).toBeLessThanOrEqual(375);
    expect(fit.scrolls).toBe(true);
  });
});
