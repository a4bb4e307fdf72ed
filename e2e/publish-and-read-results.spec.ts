import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { newEmail, signUp } from "./support/accounts";
import { withDatabase } from "./support/exam-db";
import { closedQuiz, submittedAttempt } from "./support/results";
import { openAdminPanel } from "./support/admin-panel";

const DEMO_QUIZ = "5eed0000-0000-4000-8001-000000000001";

/**
 * Two questions worth 10 marks each. The first two answer both right in the same time and tie
 * for first; the third answers one right.
 */
const PARTICIPANTS = [
  { name: "Aarav Iyer", answers: [1, 2], seconds: 900 },
  { name: "Meera Pillai", answers: [1, 2], seconds: 900 },
  { name: "Rohan Das", answers: [1, 0], seconds: 600 },
];

/** The quiz's own prizes: ₹1,800 of prize money over three ranks. */
const PRIZES = [100_000, 50_000, 30_000];

/** One long focus loss, so the detail view has a row in the focus log. */
async function focusLoss(client: Client, attemptId: string) {
  await client.query(
    `insert into focus_events (attempt_id, kind, occurred_at, duration_ms)
     select id, 'long-focus-loss', started_at + interval '2 minutes', 6200 from attempts where id = $1`,
    [attemptId],
  );
}

test("an admin reviews responses and publishes results; tied winners share rank and prize", async ({ browser, baseURL }) => {
  // Three or four browsers, an admin login and several panel pages: longer than one page's journey.
  test.setTimeout(90_000);
  const contexts = await Promise.all([...PARTICIPANTS, "admin", "visitor"].map(() => browser.newContext({ baseURL })));
  const [first, , , admin, visitor] = contexts;
  try {
    const title = `Closed Olympiad ${randomBytes(3).toString("hex")}`;
    const emails = PARTICIPANTS.map(() => newEmail());
    const users = await Promise.all(PARTICIPANTS.map((participant, index) => signUp(contexts[index].request, emails[index], participant.name)));
    const { quizId, firstAttemptId } = await withDatabase(async (client) => {
      const { quizId: id, questionIds } = await closedQuiz(client, title, PRIZES);
      const attemptIds = [];
      for (const [index, participant] of PARTICIPANTS.entries()) {
        const attemptId = await submittedAttempt(client, id, users[index].id, participant.seconds, questionIds, participant.answers);
        attemptIds.push(attemptId);
      }
      await focusLoss(client, attemptIds[0]);
      return { quizId: id, firstAttemptId: attemptIds[0] };
    });

    const adminPage = await admin.newPage();
    await openAdminPanel(adminPage, `?tab=responses&quiz=${DEMO_QUIZ}`);
    await expect(adminPage.getByRole("link", { name: "Manage Responses" })).toHaveAttribute("aria-current", "page");
    await expect(adminPage.getByText("No responses available.")).toBeVisible();
    await adminPage.getByRole("button", { name: "Publish results" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Yes, publish the results" }).click();
    await expect(adminPage.getByRole("alert").filter({ hasText: "Results can be published once the exam window has closed." })).toBeVisible();

    await adminPage.goto(`/adminpanel?tab=responses&quiz=${quizId}`);
    await expect(adminPage.getByLabel("Quiz", { exact: true })).toHaveValue(quizId);
    const responseRows = adminPage.getByRole("row").filter({ hasText: title });
    await expect(responseRows).toHaveCount(3);
    for (const email of emails) await expect(responseRows.filter({ hasText: email })).toHaveCount(1);

    const firstRow = responseRows.filter({ hasText: emails[0] });
    await expect(firstRow).toContainText("15:00");
    await firstRow.getByRole("link", { name: /View response/ }).click();
    await expect(adminPage).toHaveURL(new RegExp(`response=${firstAttemptId}`));
    await expect(adminPage.getByRole("heading", { name: `${PARTICIPANTS[0].name}’s response to ${title}` })).toBeVisible();
    await expect(adminPage.getByRole("region", { name: "Answers" }).getByRole("cell", { name: "Right" })).toHaveCount(2);
    const focusLog = adminPage.getByRole("region", { name: "Proctoring timeline" });
    await expect(focusLog.getByRole("cell", { name: "long-focus-loss" })).toBeVisible();
    await expect(focusLog.getByRole("cell", { name: "6.2 s" })).toBeVisible();
    await expect(adminPage.getByRole("region", { name: "Recording" }).getByText("No recording was uploaded.")).toBeVisible();

    await adminPage.getByRole("link", { name: "Back to responses" }).click();
    await expect(responseRows).toHaveCount(3);
    await adminPage.getByRole("button", { name: "Publish results" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Yes, publish the results" }).click();
    await expect(adminPage.getByRole("alert").filter({ hasText: "The provisional answer key has not been published yet." })).toBeVisible();

    // The provisional key goes out; its objection window then passes with no objection.
    await adminPage.goto(`/adminpanel?tab=answer-keys&quiz=${quizId}`);
    await adminPage.getByRole("button", { name: "Publish answer key" }).click();
    await adminPage.getByRole("button", { name: "Yes, publish the key" }).click();
    await expect(adminPage.getByText(/^Provisional key published .*objections open until/)).toBeVisible();
    await withDatabase((client) => client.query(`update quizzes set answer_key_published_at = now() - interval '49 hours' where id = $1`, [quizId]));

    await adminPage.goto(`/adminpanel?tab=responses&quiz=${quizId}`);
    await adminPage.getByRole("button", { name: "Publish results" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Yes, publish the results" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "Results published." })).toBeVisible();
    const digest = await withDatabase(async (client) => (await client.query<{ digest: string }>(`select digest from published_results where quiz_id = $1`, [quizId])).rows[0].digest);

    const leaderboard = await visitor.newPage();
    await leaderboard.goto("/winnerleaderboard");
    await expect(leaderboard.getByRole("heading", { level: 1 })).toHaveText("Winners");
    await expect(leaderboard.getByRole("region", { name: "How ranks are computed" })).toContainText("split the prizes of the places they cover equally");
    const winners = leaderboard.getByRole("region", { name: title });
    for (const { name } of PARTICIPANTS.slice(0, 2)) {
      const row = winners.getByRole("row").filter({ hasText: name });
      await expect(row.getByRole("cell", { name: "1st", exact: true })).toBeVisible();
      await expect(row.getByRole("cell", { name: "20", exact: true })).toBeVisible();
      await expect(row.getByRole("cell", { name: "₹750", exact: true })).toBeVisible();
    }
    const third = winners.getByRole("row").filter({ hasText: PARTICIPANTS[2].name });
    await expect(third.getByRole("cell", { name: "3rd", exact: true })).toBeVisible();
    await expect(third.getByRole("cell", { name: "₹300", exact: true })).toBeVisible();
    await expect(winners.getByRole("list", { name: "Prizes of this quiz" }).getByRole("listitem")).toHaveText(["1st: ₹1,000", "2nd: ₹500", "3rd: ₹300"]);
    await expect(winners.getByTestId(`digest-${quizId}`)).toHaveText(digest);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);

    // signUp left this participant's session in their context.
    const dashboard = await first.newPage();
    await dashboard.goto("/dashboard");
    const mine = dashboard.getByRole("region", { name: "Your results" }).locator(`#result-${quizId}`);
    await expect(mine).toContainText(`${title}: rank 1 of 3, score 20, prize ₹750`);
    await expect(mine).toContainText("Time taken 15:00. You tied with 1 other participant on both score and time: you share rank 1 and split its prizes equally.");
    await expect(mine).toContainText("Rank 3 scored 10, less than you.");
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
