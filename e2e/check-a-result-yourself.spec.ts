import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN, newEmail, signUp } from "./support/accounts";
import { withDatabase } from "./support/exam-db";
import { decodeQuotedPrintable, mailbox } from "./support/mailbox";
import { closedQuiz, submittedAttempt } from "./support/results";

/** Two questions of 10 marks (answers 1 and 2), ₹1,000 and ₹500 for the first two ranks. */
const PARTICIPANTS = [
  { name: "Ishaan Kapoor", answers: [1, 2], seconds: 700 },
  { name: "Divya Nair", answers: [1, 0], seconds: 500 },
  { name: "Farhan Sheikh", answers: [3, 0], seconds: 400 },
];

interface FileRow {
  pseudonym: string;
  answers: (number | null)[];
  timeTakenSeconds: number;
  score: number;
  rank: number;
  prizePaise: number;
}

test("a participant downloads the results file from the winners page and finds their own row by the pseudonym on their dashboard", async ({ browser, baseURL }) => {
  // Four browsers, publishing, a download and a mail through the job queue.
  test.setTimeout(60_000);
  const contexts = await Promise.all([...PARTICIPANTS, "admin"].map(() => browser.newContext({ baseURL, acceptDownloads: true })));
  const admin = contexts[PARTICIPANTS.length];
  try {
    const title = `Checkable Olympiad ${randomBytes(3).toString("hex")}`;
    const emails = PARTICIPANTS.map(() => newEmail());
    const users = await Promise.all(PARTICIPANTS.map((participant, index) => signUp(contexts[index].request, emails[index], participant.name)));
    const quizId = await withDatabase(async (client) => {
      const { quizId: id, questionIds } = await closedQuiz(client, title, [100_000, 50_000]);
      for (const [index, participant] of PARTICIPANTS.entries()) await submittedAttempt(client, id, users[index].id, participant.seconds, questionIds, participant.answers);
      return id;
    });

    // The key goes out, its objection window passes with no objection, and the results are published.
    expect((await admin.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
    expect((await admin.request.post(`/api/quizzes/${quizId}/answer-key`)).ok()).toBe(true);
    await withDatabase((client) => client.query(`update quizzes set answer_key_published_at = now() - interval '49 hours' where id = $1`, [quizId]));
    expect((await admin.request.post(`/api/quizzes/${quizId}/publish-results`)).ok()).toBe(true);

    // Divya, second, reads her result and her pseudonym on her dashboard.
    const page = await contexts[1].newPage();
    await page.goto("/dashboard");
    const mine = page.getByRole("region", { name: "Your results" }).locator(`#result-${quizId}`);
    await expect(mine).toContainText(`${title}: rank 2 of 3, score 10, prize ₹500`);
    await expect(mine).toContainText("Your pseudonym in the public results file:");
    const pseudonym = (await mine.getByTestId(`pseudonym-${quizId}`).textContent()) ?? "";
    expect(pseudonym).toMatch(/^P-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // The winners page names the winners, shows the digest, and offers the file it covers.
    await page.goto("/winnerleaderboard");
    const quiz = page.getByRole("region", { name: title, exact: true });
    await expect(quiz.getByRole("row").filter({ hasText: PARTICIPANTS[1].name })).toContainText("₹500");
    await expect(page.locator("body")).not.toContainText(pseudonym);
    const digest = (await quiz.getByTestId(`digest-${quizId}`).textContent()) ?? "";
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const [download] = await Promise.all([page.waitForEvent("download"), quiz.getByRole("link", { name: "Download results file" }).click()]);
    expect(download.suggestedFilename()).toBe(`results-${quizId}-${digest.slice(0, 12)}.json`);
    const text = await readFile(await download.path(), "utf8");

    // The file is the one the digest covers; her row is found by her pseudonym, and nobody is named in it.
    expect(createHash("sha256").update(text).digest("hex")).toBe(digest);
    const rows = (JSON.parse(text) as { rows: FileRow[] }).rows;
    expect(rows.filter((row) => row.pseudonym === pseudonym)).toEqual([
      expect.objectContaining({ answers: [1, 0], timeTakenSeconds: 500, score: 10, rank: 2, prizePaise: 50_000 }),
    ]);
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3]);
    for (const [index, participant] of PARTICIPANTS.entries()) {
      for (const personal of [participant.name, emails[index], users[index].id]) expect(text).not.toContain(personal);
    }

    // The same digest reached her by mail, with her pseudonym: a copy outside the database.
    const mail = decodeQuotedPrintable((await mailbox.waitFor(emails[1], new RegExp(digest))).raw);
    expect(mail).toContain(`Your pseudonym in the public results file: ${pseudonym}`);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
