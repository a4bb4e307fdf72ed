import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminTab, tag } from "./support/admin-panel";
import { paymentScreenshot } from "./support/wallet";

const utr = () => `6${(randomBytes(5).readUIntBE(0, 5) % 100_000_000_000).toString().padStart(11, "0")}`;

/** Two payers, each with their own session, who will both claim one bank credit. */
const test = base.extend<{ payers: { name: string; request: APIRequestContext }[] }>({
  payers: async ({ browser, baseURL }, provide) => {
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ baseURL })));
    const payers = [];
    for (const [index, context] of contexts.entries()) {
      const name = `${index ? "Rohan" : "Meera"} Statement ${tag()}`;
      await signUp(context.request, `statement.${tag()}@example.test`, name);
      payers.push({ name, request: context.request });
    }
    await provide(payers);
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/** ₹1,000 added to the wallet by UPI, as the Add money form sends it. */
async function topUp(request: APIRequestContext, name: string, reference: string): Promise<string> {
  const upload = await request.post("/api/upload", { multipart: { file: paymentScreenshot(), imageType: "payment" } });
  expect(upload.status()).toBe(201);
  const credit = await request.post("/api/wallet/credit", { data: { paymentType: "credit", amount: 1000, payeeName: name, paysnapurl: (await upload.json()).url, paymentId: reference } });
  expect(credit.status()).toBe(201);
  return ((await credit.json()) as { transaction: { id: string } }).transaction.id;
}

test("an admin uploads a statement whose one credit two payments claim, sees the conflict, and verifies one of them with a reason", async ({ page, payers }) => {
  test.setTimeout(120_000);
  const reference = utr();
  const [first, second] = [await topUp(payers[0].request, payers[0].name, reference), await topUp(payers[1].request, payers[1].name, reference)];

  await openAdminTab(page, "transactions");
  await page.getByText("Reconcile with a bank statement").click();
  await page.getByLabel("Statement (CSV)").setInputFiles({
    name: "hdfc-november.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`Value Date,Narration,Credit Amount\r\n27/11/2026,UPI/${reference}/MEERA/okaxis,"1,000.00"\r\n`),
  });
  await expect(page.getByLabel("UTR column")).toHaveValue("Narration");
  await expect(page.getByLabel("Amount column")).toHaveValue("Credit Amount");
  await page.getByRole("button", { name: "Match payments" }).click();
  await expect(page.getByText("0 pending payments matched the statement's 1 line by UTR and amount.", { exact: false })).toBeVisible();
  await expect(page.getByRole("region", { name: "Lines not matched" })).toContainText(`Line 1: UTR ${reference} is given by 2 pending payments; none was matched.`);

  // The conflict stays on the page until it is settled, and opens both payments side by side.
  const conflicts = page.getByRole("region", { name: "Conflicts: one bank credit, several payments" });
  await expect(conflicts).toBeVisible();
  await conflicts.getByRole("link", { name: new RegExp(`UTR ${reference}`) }).click();
  await expect(page).toHaveURL(new RegExp(`utr=${reference}`));
  const [firstRow, secondRow] = [page.locator(`tr#transaction-${first}`), page.locator(`tr#transaction-${second}`)];
  await expect(firstRow).toContainText(payers[0].name);
  await expect(secondRow).toContainText(payers[1].name);

  await firstRow.getByRole("button", { name: /^Verify/ }).click();
  const dialog = page.getByRole("dialog", { name: "Verify this payment?" });
  await expect(dialog).toContainText("Another pending payment gives the same UTR: one bank credit backs one payment.");
  await expect(dialog.getByLabel("Why you verify it")).toBeFocused();
  await dialog.getByRole("button", { name: "Verify payment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Write why you verify it.");
  await dialog.getByLabel("Why you verify it").fill("The bank's narration names Meera, the first payer.");
  await dialog.getByRole("button", { name: "Verify payment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Payment Status Updated successfully!")).toBeVisible();

  // The same credit cannot count twice: the second payment is refused with the reason why.
  await page.reload();
  await secondRow.getByRole("button", { name: /^Verify/ }).click();
  const again = page.getByRole("dialog", { name: "Verify this payment?" });
  await again.getByLabel("Why you verify it").fill("Trying the second payer as well.");
  await again.getByRole("button", { name: "Verify payment" }).click();
  await expect(page.getByText("This UTR already backs another payment counted as received.", { exact: false })).toBeVisible();
  await expect(conflicts).toHaveCount(0);

  // The ₹1,000 that did arrive is in the books once, and they balance.
  await page.goto("/adminpanel?tab=books");
  await expect(page.getByText("The books balance: debits equal credits, and the balances sum to zero.")).toBeVisible();
});
