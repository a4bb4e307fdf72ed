import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { Client } from "pg";
import { ADMIN, logInThroughForm, newEmail, signUp } from "./support/accounts";
import { withDatabase } from "./support/exam-db";

const DEMO_QUIZ = "5eed0000-0000-4000-8001-000000000001";

/** Tied on score and time for first; the third is slower and scores lower. */
const PARTICIPANTS = [
  { name: "Aarav Iyer", score: 20, seconds: 900 },
  { name: "Meera Pillai", score: 20, seconds: 900 },
  { name: "Rohan Das", score: 18, seconds: 600 },
];

/**
 * A competition that ended weeks ago: older than the dashboard's 30-day window, so it only shows
 * up where this test looks for it.
 */
async function closedQuiz(client: Client, title: string): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into quizzes (title, name, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
     values ($1, $1, now() - interval '45 days', now() - interval '42 days', now() - interval '41 days', now() - interval '41 days' + interval '12 hours', now() - interval '40 days')
     returning id`,
    [title],
  );
  return rows[0].id;
}

async function submittedAttempt(client: Client, quizId: string, participantId: string, score: number, seconds: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into attempts (participant_id, quiz_id, shuffle_seed, started_at, deadline_at, time_left_seconds, submitted_at, score, time_taken_seconds)
     select $1::uuid, id, 1, exam_start_at, exam_start_at + interval '40 minutes', 0, exam_start_at + $3::int * interval '1 second', $4::int, $3::int
     from quizzes where id = $2::uuid
     returning id`,
    [participantId, quizId, seconds, score],
  );
  return rows[0].id;
}

/** One right answer and one long focus loss, so the detail view has a row in each table. */
async function answerAndFocusLoss(client: Client, attemptId: string) {
  await client.query(
    `insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at)
     select a.id, q.id, q.correct_option_index, a.started_at + interval '1 minute'
     from attempts a, (select id, correct_option_index from questions where text not like 'http%' limit 1) q
     where a.id = $1`,
    [attemptId],
  );
  await client.query(
    `insert into focus_events (attempt_id, kind, occurred_at, duration_ms)
     select id, 'long-focus-loss', started_at + interval '2 minutes', 6200 from attempts where id = $1`,
    [attemptId],
  );
}

test("an admin reviews responses and publishes results; tied winners share rank and prize", async ({ browser, baseURL }) => {
  const contexts = await Promise.all([...PARTICIPANTS, "admin", "visitor"].map(() => browser.newContext({ baseURL })));
  const [first, , , admin, visitor] = contexts;
  try {
    const title = `Closed Olympiad ${randomBytes(3).toString("hex")}`;
    const emails = PARTICIPANTS.map(() => newEmail());
    const users = await Promise.all(PARTICIPANTS.map((participant, index) => signUp(contexts[index].request, emails[index], participant.name)));
    const { quizId, firstAttemptId } = await withDatabase(async (client) => {
      const id = await closedQuiz(client, title);
      const attemptIds = [];
      for (const [index, participant] of PARTICIPANTS.entries()) {
        attemptIds.push(await submittedAttempt(client, id, users[index].id, participant.score, participant.seconds));
      }
      await answerAndFocusLoss(client, attemptIds[0]);
      return { quizId: id, firstAttemptId: attemptIds[0] };
    });

    const adminPage = await admin.newPage();
    await logInThroughForm(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage).toHaveURL(/\/adminpanel$/);

    await adminPage.goto(`/adminpanel?tab=responses&quiz=${DEMO_QUIZ}`);
    await expect(adminPage.getByRole("link", { name: "Manage Responses" })).toHaveAttribute("aria-current", "page");
    await expect(adminPage.getByText("No responses available.")).toBeVisible();
    await adminPage.getByRole("button", { name: "Publish results" }).click();
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
    await expect(adminPage.getByRole("region", { name: "Answers" }).getByRole("cell", { name: "Right" })).toBeVisible();
    const focusLog = adminPage.getByRole("region", { name: "Focus log" });
    await expect(focusLog.getByRole("cell", { name: "long-focus-loss" })).toBeVisible();
    await expect(focusLog.getByRole("cell", { name: "6.2 s" })).toBeVisible();
    await expect(adminPage.getByRole("region", { name: "Recording" }).getByText("No recording was uploaded.")).toBeVisible();

    await adminPage.getByRole("link", { name: "Back to responses" }).click();
    await expect(responseRows).toHaveCount(3);
    await adminPage.getByRole("button", { name: "Publish results" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "Results published." })).toBeVisible();

    const leaderboard = await visitor.newPage();
    await leaderboard.goto("/winnerleaderboard");
    await expect(leaderboard.getByRole("heading", { level: 1 })).toHaveText("Winners");
    const winners = leaderboard.getByRole("region", { name: title });
    for (const { name } of PARTICIPANTS.slice(0, 2)) {
      const row = winners.getByRole("row").filter({ hasText: name });
      await expect(row.getByRole("cell", { name: "1st", exact: true })).toBeVisible();
      await expect(row.getByRole("cell", { name: "₹75,500", exact: true })).toBeVisible();
    }
    const third = winners.getByRole("row").filter({ hasText: PARTICIPANTS[2].name });
    await expect(third.getByRole("cell", { name: "3rd", exact: true })).toBeVisible();
    await expect(third.getByRole("cell", { name: "₹25,000", exact: true })).toBeVisible();

    // signUp left this participant's session in their context.
    const dashboard = await first.newPage();
    await dashboard.goto("/dashboard");
    await expect(dashboard.getByRole("region", { name: "Your results" })).toContainText(`${title}: rank 1 of 3, score 20, prize ₹75,500`);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
