import { randomBytes } from "node:crypto";
import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminPanel, tag } from "./support/admin-panel";

const QUIZ = "Olympiad Season 2";

/** A PNG signature and random padding: an image to the server, and a file no other payment has. */
const screenshot = () => ({ name: "paid.png", mimeType: "image/png", buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]) });
const utr = () => `7${(randomBytes(5).readUIntBE(0, 5) % 100_000_000_000).toString().padStart(11, "0")}`;

/** Two adult payers, each with their own session. */
const test = base.extend<{ payers: { name: string; request: APIRequestContext }[] }>({
  payers: async ({ browser, baseURL }, provide) => {
    const contexts = await Promise.all([0, 1].map(() => browser.newContext({ baseURL })));
    const payers = [];
    for (const [index, context] of contexts.entries()) {
      const name = `${index ? "Second" : "First"} Payer ${tag()}`;
      const { id } = await signUp(context.request, `payer.${tag()}@example.test`, name);
      expect((await context.request.put(`/api/editUser/${id}`, { data: { name, dob: "1995-03-10" } })).ok()).toBe(true);
      payers.push({ name, request: context.request });
    }
    await provide(payers);
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/** The entry fee by UPI, as the payment modal sends it. */
async function payByUpi(request: APIRequestContext, name: string, reference: string): Promise<string> {
  const { quizzes } = (await (await request.get("/api/getquizes")).json()) as { quizzes: { id: string; title: string }[] };
  const upload = await request.post("/api/upload", { multipart: { file: screenshot(), imageType: "payment" } });
  expect(upload.status()).toBe(201);
  const credit = await request.post("/api/wallet/credit", {
    data: { paymentType: "form pay", paymentMode: "upi", quizId: quizzes.find((quiz) => quiz.title === QUIZ)!.id, payeeName: name, paysnapurl: (await upload.json()).url, paymentId: reference },
  });
  expect(credit.status()).toBe(201);
  return ((await credit.json()) as { transaction: { id: string } }).transaction.id;
}

test("a payment whose UTR was used before shows the reason and links the earlier payment in Transaction Management", async ({ page, payers }) => {
  const reference = utr();
  const earlier = await payByUpi(payers[0].request, payers[0].name, reference);
  const later = await payByUpi(payers[1].request, payers[1].name, reference);

  test.setTimeout(120_000);
  await openAdminPanel(page, "?tab=transactions");
  await page.getByLabel("UTR", { exact: true }).fill(reference);
  await page.getByLabel("Flagged only").check();
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/flagged=1/);

  // Only the later payment is flagged; the earlier one is not listed under "Flagged only".
  await expect(page.locator(`tr#transaction-${earlier}`)).toHaveCount(0);
  const row = page.locator(`tr#transaction-${later}`);
  await expect(row).toContainText("Flagged: this UTR was already used on an earlier payment:");
  await row.getByRole("link", { name: /^see the earlier payment of / }).click();
  await expect(page).toHaveURL(new RegExp(`payment=${earlier}`));
  await expect(page.locator(`tr#transaction-${earlier}`)).toContainText(payers[0].name);
});
