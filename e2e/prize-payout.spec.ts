import { expect, test } from "@playwright/test";
import { newEmail, signUp } from "./support/accounts";
import { createQuiz, grantVerifiedEntry, submittedAttempt, withDatabase } from "./support/exam-db";
import { pdfTexts } from "../tests/support/pdf-text";
import { openAdminPanel } from "./support/admin-panel";

/** The deductor playwright.config.ts configures (TAX_DEDUCTOR_*). */
const DEDUCTOR = { name: "Olympiad Learning Pvt Ltd", address: "12 MG Road, Bengaluru, Karnataka 560001", tan: "BLRA12345B" };

/** Published results whose only row carries a cash prize of ₹10,000 (publishing itself is covered elsewhere). */
async function publishedWithPrize(quizId: string, userId: string): Promise<void> {
  await withDatabase(async (client) => {
    await client.query(`insert into published_results (quiz_id, answer_key, prize_table, digest) values ($1, '[]', '[]', 'e2e fixture')`, [quizId]);
    await client.query(`insert into result_rows (quiz_id, participant_id, rank, score, time_taken_seconds, prize_paise) values ($1, $2, 1, 20, 1200, 1000000)`, [quizId, userId]);
    await client.query(`update quizzes set results_published_at = now() where id = $1`, [quizId]);
  });
}

test("a winner claims a prize, the admin approves it and marks it paid, and the winner downloads the statement", async ({ browser, baseURL }) => {
  // Two people, a login each and many round trips: well over the default on a busy machine.
  test.setTimeout(180_000);
  const [winnerContext, adminContext] = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  try {
    const quiz = await createQuiz({ formStart: "-5 days", formEnd: "-4 days", examStart: "-3 days", examEnd: "-2 days", result: "-1 day" }, "Payout e2e");
    const email = newEmail();
    const user = await signUp(winnerContext.request, email, "Ananya Rao");
    await submittedAttempt(user.id, quiz.id, 20);
    await publishedWithPrize(quiz.id, user.id);
    // Her ₹100 entry fee, verified this financial year: tax is on net winnings, ₹10,000 − ₹100.
    await grantVerifiedEntry(user.id, quiz.id, 10_000);
    // A PAN of this run only (the mask stays ABCDE••••F): a PAN on another account's claim would hold this one.
    const pan = `ABCDE${String(Date.now() % 10_000).padStart(4, "0")}F`;

    // The winner follows the link from Your results and claims with a bank account.
    const winner = await winnerContext.newPage();
    await winner.goto("/dashboard");
    await winner.locator(`#result-${quiz.id}`).getByRole("link", { name: "Claim your prize" }).click();
    await expect(winner).toHaveURL(new RegExp(`/prizes/claim/${quiz.id}$`));
    await expect(winner.getByText("Tax of ₹2,970 (30 % of your net winnings this financial year, section 194BA) is withheld if paid today; you receive ₹7,030.")).toBeVisible();
    await winner.getByLabel("PAN").fill("ABCDE1234");
    await winner.getByRole("radio", { name: "Bank account" }).check();
    await winner.getByLabel("IFSC").fill("SBIN0001234");
    await winner.getByLabel("Account number").fill("123456789012");
    await winner.getByRole("button", { name: "Claim prize" }).click();
    await expect(winner.getByText("Enter a valid PAN, like ABCDE1234F.")).toBeVisible();
    await winner.getByLabel("PAN").fill(pan);
    await winner.getByRole("button", { name: "Claim prize" }).click();
    await expect(winner.getByText("Received: the organisers will check and approve it.")).toBeVisible();
    await expect(winner.getByText("ABCDE••••F")).toBeVisible();
    await expect(winner.getByText("Bank account SBIN0001234 ••••9012")).toBeVisible();

    // The admin sees it masked, approves, and marks it paid with the bank reference.
    const admin = await adminContext.newPage();
    await openAdminPanel(admin, "?tab=prize-claims");
    const row = admin.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("ABCDE••••F");
    await expect(row).not.toContainText(pan);
    await row.getByRole("button", { name: "Approve the claim of Ananya Rao" }).click();
    await expect(row).toContainText("Approved, to pay");
    await row.getByRole("button", { name: "Show full details to pay" }).click();
    await expect(row).toContainText(`PAN ${pan} · IFSC SBIN0001234, account 123456789012`);
    await row.getByLabel("Bank reference").fill(`NEFT${Date.now()}`);
    await row.getByRole("button", { name: "Mark paid" }).click();
    await expect(row).toContainText("Paid");
    await expect(row).toContainText("ref NEFT");
    await expect(row).toContainText("tax ₹2,970 (30 % of net winnings, s. 194BA, FY ");
    // The quarterly export is chosen by financial-year quarter.
    await expect(admin.getByLabel("Quarter of the financial year (Q1 is April to June, India time)")).toHaveValue(/^FY\d{4}-\d{2} Q[1-4]$/);

    // The winner downloads the statement.
    await winner.reload();
    await expect(winner.getByText("Paid.", { exact: true })).toBeVisible();
    await expect(winner.getByText("Financial year")).toBeVisible();
    const download = winner.waitForEvent("download");
    await winner.getByRole("link", { name: "Download payout statement (PDF)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("payout-statement.pdf");
    const bytes = await (await import("node:fs/promises")).readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // The statement names the deductor from configuration, the section, the financial year and the amounts.
    const texts = pdfTexts(bytes);
    expect(texts).toEqual(expect.arrayContaining(["Deductor", DEDUCTOR.name, DEDUCTOR.address, DEDUCTOR.tan, "Section", "194BA", "Financial year"]));
    expect(texts).toEqual(expect.arrayContaining(["Rs. 10,000.00", "Rs. 2,970.00", "Rs. 7,030.00", "Tax withheld (30.00 % of net winnings)"]));
    expect(texts.find((text) => /^\d{4}-\d{2}$/.test(text))).toBeDefined();
    expect(texts).not.toContain("not configured");
  } finally {
    await Promise.all([winnerContext.close(), adminContext.close()]);
  }
});
