import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { createQuiz, grantVerifiedEntry, markResultsPublished, submittedAttempt, withDatabase } from "./support/exam-db";

/** The verification id of the participant's certificate for the quiz, as the first download stored it. */
function verificationIdOf(userId: string, quizId: string): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ verification_id: string }>(`select verification_id from certificates where participant_id = $1 and quiz_id = $2`, [userId, quizId]);
    expect(rows).toHaveLength(1);
    return rows[0].verification_id;
  });
}

test.describe("certificates", () => {
  test("a participant downloads a certificate from the dashboard and its verification page vouches for it", async ({ page, browser, baseURL }) => {
    // Two browser contexts and a PDF drawn on the server: more than the default on a busy machine.
    test.setTimeout(90_000);
    const { id: userId } = await signUp(page.request, undefined, "Ishaan Verma");
    const quiz = await createQuiz({ formStart: "-5 days", formEnd: "-4 days", examStart: "-3 days", examEnd: "-2 days", result: "-1 day" }, "Certified e2e");
    await grantVerifiedEntry(userId, quiz.id);
    await submittedAttempt(userId, quiz.id, 15);
    await markResultsPublished(quiz.id);

    await page.goto("/dashboard");
    const result = page.locator(`#result-${quiz.id}`);
    const downloading = page.waitForEvent("download");
    await result.getByRole("link", { name: "Download certificate" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^certificate-certified-e2e-[a-z0-9-]+\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const verificationId = await verificationIdOf(userId, quiz.id);

    // Anyone holding the QR code can check it, logged in or not.
    const stranger = await browser.newContext({ baseURL });
    try {
      const visitor = await stranger.newPage();
      const response = await visitor.goto(`/certificates/${verificationId}`);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByRole("heading", { name: "This certificate is genuine." })).toBeVisible();
      await expect(visitor.getByText("Ishaan Verma")).toBeVisible();
      await expect(visitor.getByText(quiz.title)).toBeVisible();
      await expect(visitor.getByText("Rank 1", { exact: false })).toHaveCount(0);
      await expect(visitor.getByText("Participation")).toBeVisible();
      await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

      const guessed = await visitor.goto(`/certificates/${verificationId.slice(0, -1)}${verificationId.endsWith("A") ? "B" : "A"}`);
      expect(guessed?.status()).toBe(404);
    } finally {
      await stranger.close();
    }
  });
});
