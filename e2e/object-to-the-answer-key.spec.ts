import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { newEmail, signUp } from "./support/accounts";
import { withDatabase } from "./support/exam-db";
import { openAdminPanel } from "./support/admin-panel";

/**
 * Two questions, bank answers A and B. Asha answers A, B (2 marks, 10 min); Bala answers B, C
 * (0 marks, 5 min). Bala objects to question 2: C is right. Once the admin changes the key,
 * both have 1 mark and Bala, the faster, ranks first.
 */
const PEOPLE = [
  { name: "Asha Rao", answers: [0, 1], seconds: 600 },
  { name: "Bala Krishnan", answers: [1, 2], seconds: 300 },
];

async function closedQuizWithAttempts(title: string, participantIds: string[]): Promise<{ quizId: string; questionIds: string[] }> {
  return withDatabase(async (client) => {
    const { rows: quizRows } = await client.query<{ id: string }>(
      `insert into quizzes (title, name, contest_model, question_count, shuffle_questions, shuffle_options, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
       values ($1, $1, 'paid_cash', 2, false, false, now() - interval '3 days', now() - interval '2 days', now() - interval '5 hours', now() - interval '3 hours', now() + interval '3 days')
       returning id`,
      [title],
    );
    const quizId = quizRows[0].id;
    const questionIds: string[] = [];
    for (const [position, correct] of [0, 1].entries()) {
      const { rows } = await client.query<{ id: string }>(
        `insert into questions (text, subject, options, correct_option_index) values ($1, 'General', $2, $3) returning id`,
        [`${title} question ${position + 1}: which letter?`, ["Alpha", "Bravo", "Charlie", "Delta"], correct],
      );
      questionIds.push(rows[0].id);
      await client.query(`insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, $3)`, [quizId, rows[0].id, position]);
    }
    for (const [index, person] of PEOPLE.entries()) {
      // Stored scores are left at 0: publishing the key scores every attempt from its answers.
      const { rows } = await client.query<{ id: string }>(
        `insert into attempts (participant_id, quiz_id, shuffle_seed, started_at, deadline_at, time_left_seconds)
         select $1::uuid, id, 1, exam_start_at, exam_start_at + interval '40 minutes', 0
         from quizzes where id = $2::uuid returning id`,
        [participantIds[index], quizId],
      );
      for (const [position, selected] of person.answers.entries()) {
        await client.query(
          `insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at) values ($1, $2, $3, now() - interval '4 hours')`,
          [rows[0].id, questionIds[position], selected],
        );
      }
      // Submitted once its answers are in: a submitted attempt's answers are frozen (migration 0023).
      await client.query(`update attempts set submitted_at = started_at + $2::int * interval '1 second', score = 0, time_taken_seconds = $2::int where id = $1`, [rows[0].id, person.seconds]);
    }
    return { quizId, questionIds };
  });
}

/** The responses table lists highest score first, then fastest: the ranking's order. */
async function responseOrder(page: Page, quizId: string, emails: string[]): Promise<string[]> {
  await page.goto(`/adminpanel?tab=responses&quiz=${quizId}`);
  const rows = page.getByRole("row").filter({ hasText: /@example\.test/ });
  await expect(rows).toHaveCount(emails.length);
  const texts = await rows.allTextContents();
  return texts.map((text) => emails.find((email) => text.includes(email))!);
}

test("a participant objects to a question; the admin changes the key, every attempt is rescored and the ranking flips", async ({ browser, baseURL }) => {
  // Three or four browsers, an admin login and several panel pages: longer than one page's journey.
  test.setTimeout(90_000);
  const contexts = await Promise.all([...PEOPLE, "admin"].map(() => browser.newContext({ baseURL })));
  const [asha, bala, admin] = contexts;
  try {
    const title = `Key Olympiad ${randomBytes(3).toString("hex")}`;
    const emails = PEOPLE.map(() => newEmail());
    const users = await Promise.all(PEOPLE.map((person, index) => signUp(contexts[index].request, emails[index], person.name)));
    const { quizId } = await closedQuizWithAttempts(title, users.map((user) => user.id));

    // Before the key: the participant is told it is not out yet.
    const balaPage = await bala.newPage();
    await balaPage.goto(`/quizes/${quizId}/answer-key`);
    await expect(balaPage.getByRole("status").filter({ hasText: "The provisional answer key has not been published yet." })).toBeVisible();

    const adminPage = await admin.newPage();
    await openAdminPanel(adminPage, `?tab=answer-keys&quiz=${quizId}`);
    await expect(adminPage.getByRole("heading", { name: title })).toBeVisible();
    await adminPage.getByRole("button", { name: "Publish answer key" }).click();
    await adminPage.getByRole("button", { name: "Yes, publish the key" }).click();
    await expect(adminPage.getByText(/^Provisional key published .*objections open until/)).toBeVisible();
    expect(await responseOrder(adminPage, quizId, emails)).toEqual([emails[0], emails[1]]);

    // The submitted view points to the key.
    await balaPage.goto(`/QuizliveSection?quizId=${quizId}`);
    await balaPage.getByRole("link", { name: "see your answers against the key" }).click();
    await expect(balaPage).toHaveURL(new RegExp(`/quizes/${quizId}/answer-key$`));
    await expect(balaPage.getByTestId("answer-key-score")).toHaveText("0 out of 2");
    const second = balaPage.getByRole("article", { name: "Question 2" });
    await expect(second).toContainText("Your answer: C. Key: B. Marks: 0");

    await second.getByRole("button", { name: "Object to question 2" }).click();
    await expect(second.getByLabel("Why is the key wrong?")).toBeFocused();
    await expect(second.getByLabel("Why is the key wrong?")).toHaveJSProperty("required", true);
    await second.getByLabel("Why is the key wrong?").fill("Charlie is the third letter of the NATO alphabet the question asks for.");
    await second.getByLabel("Supporting image (optional)").setInputFiles({
      name: "evidence.png",
      mimeType: "image/png",
      buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
    });
    await second.getByRole("button", { name: "Send objection" }).click();
    await expect(second.getByTestId("objection-decision")).toHaveText("Awaiting the admins' decision.");
    await expect(second.getByRole("button", { name: /Object/ })).toHaveCount(0);

    // The admin sees it grouped under its question, with its evidence, and changes the key.
    await adminPage.goto(`/adminpanel?tab=answer-keys&quiz=${quizId}`);
    const disputed = adminPage.getByRole("article", { name: "Question 2" });
    await expect(disputed.getByTestId("objection-count")).toHaveText("1 undecided of 1 objection");
    await expect(disputed.getByRole("img", { name: `Evidence from ${PEOPLE[1].name}` })).toBeVisible();
    await disputed.getByLabel("Change the correct option").check();
    await disputed.getByLabel("Correct option", { exact: true }).selectOption({ label: "C. Charlie" });
    await disputed.getByLabel("Reason, shown to every participant (optional)").fill("Agreed: Charlie.");
    await disputed.getByRole("button", { name: "Save decision" }).click();
    await expect(disputed.getByRole("status")).toHaveText("Decision saved. Every attempt of the quiz has been rescored.");
    await expect(disputed.getByTestId("objection-count")).toHaveText("0 undecided of 1 objection");
    expect(await responseOrder(adminPage, quizId, emails)).toEqual([emails[1], emails[0]]);

    // The objector sees the decision and the new score, and was notified.
    await balaPage.reload();
    await expect(balaPage.getByTestId("answer-key-score")).toHaveText("1 out of 2");
    await expect(second.getByTestId("objection-decision")).toHaveText("Changed: the correct option was changed and every attempt rescored.");
    await expect(second).toContainText("Your answer: C. Key: C. Marks: 1");
    await balaPage.goto("/notification");
    await expect(balaPage.getByText("Question 2: the correct option has been changed. Your score went from 0 to 1 out of 2. Reason: Agreed: Charlie.")).toBeVisible();

    const ashaPage = await asha.newPage();
    await ashaPage.goto(`/quizes/${quizId}/answer-key`);
    await expect(ashaPage.getByTestId("answer-key-score")).toHaveText("1 out of 2");
    // Asha objected to nothing, yet reads the decision and its reason; the key is final only with the results.
    await expect(ashaPage.getByTestId("key-decision")).toContainText("Changed: the correct option was changed and every attempt rescored. Reason: Agreed: Charlie.");
    await expect(ashaPage.getByTestId("answer-key-status")).toHaveText(/This key may still change/);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
