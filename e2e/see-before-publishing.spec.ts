import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminPanel, tag } from "./support/admin-panel";
import { withDatabase } from "./support/exam-db";
import { closedQuiz, submittedAttempt } from "./support/results";

/** Two cash prizes, ₹1,000 and ₹500, and two participants to pay them to. */
const PRIZES = [100_000, 50_000];

test("an organiser sees the key before publishing it, and publishing results asks first, naming the quiz, the ranked and the prizes", async ({ browser, baseURL }) => {
  const title = `Preview Olympiad ${tag()}`;
  const contexts = await Promise.all(["participant", "participant", "admin"].map(() => browser.newContext({ baseURL })));
  try {
    const users = await Promise.all(contexts.slice(0, 2).map((context, index) => signUp(context.request, undefined, `Preview Participant ${index + 1}`)));
    const quizId = await withDatabase(async (client) => {
      // Two questions keyed B and C, and a typed one that accepts 42 or 57.
      const { quizId: id, questionIds } = await closedQuiz(client, title, PRIZES);
      const typed = await client.query<{ id: string }>(
        `insert into questions (text, subject, answer_type, options, accepted_answers, answer_limits, answer_decimals)
         values ($1, 'General', 'integer', '{}', '{[42,42],[57,57]}', '[0,99]', 0) returning id`,
        [`${title} question 3`],
      );
      await client.query(`insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, 2)`, [id, typed.rows[0].id]);
      await client.query(`update quizzes set question_count = 3 where id = $1`, [id]);
      await submittedAttempt(client, id, users[0].id, 600, questionIds, [1, 2]);
      await submittedAttempt(client, id, users[1].id, 700, questionIds, [1, 0]);
      return id;
    });
    const published = () => withDatabase(async (client) => (await client.query(`select 1 from published_results where quiz_id = $1`, [quizId])).rowCount);

    const page = await contexts[2].newPage();
    await openAdminPanel(page, `?tab=answer-keys&quiz=${quizId}`);
    await expect(page.getByText("Not published yet. Below is the key that publishing makes public")).toBeVisible();
    const question = (number: number) => page.getByRole("article", { name: `Question ${number}`, exact: true });
    await expect(question(1)).toContainText(`${title} question 1`);
    await expect(question(1)).toContainText("One correct option. Key to publish: B");
    await expect(question(2)).toContainText("One correct option. Key to publish: C");
    await expect(question(3)).toContainText(`${title} question 3`);
    await expect(question(3)).toContainText("Integer answer. Accepted answers to publish: 42 or 57");

    await page.getByRole("button", { name: "Publish answer key" }).click();
    await page.getByRole("button", { name: "Yes, publish the key" }).click();
    await expect(page.getByText(/^Provisional key published /)).toBeVisible();
    await expect(question(1)).toContainText("One correct option. Key: B");
    // Its objection window passes with no objection.
    await withDatabase((client) => client.query(`update quizzes set answer_key_published_at = now() - interval '49 hours' where id = $1`, [quizId]));

    await page.goto(`/adminpanel?tab=responses&quiz=${quizId}`);
    const publish = page.getByRole("button", { name: "Publish results" });
    await publish.click();
    const dialog = page.getByRole("dialog", { name: `Publish the results of ${title}?` });
    await expect(dialog).toContainText("It ranks 2 participants and pays ₹1,500 in cash prizes. Published results are final");
    await expect(dialog.getByRole("button", { name: "Not yet" })).toBeFocused();
    await dialog.getByRole("button", { name: "Not yet" }).click();
    await expect(dialog).toBeHidden();
    await expect(publish).toBeFocused();
    expect(await published()).toBe(0);

    await publish.click();
    await dialog.getByRole("button", { name: "Yes, publish the results" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Results published." })).toBeVisible();
    expect(await published()).toBe(1);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
