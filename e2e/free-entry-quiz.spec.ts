import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { EXAM_BROWSER, isFullscreen, questionHeading } from "./support/exam";
import { createQuiz, withDatabase } from "./support/exam-db";

test.use(EXAM_BROWSER);

/** A free-entry quiz (no fee, sponsored prizes) whose registration is open now. */
async function freeQuiz() {
  const quiz = await createQuiz({ formStart: "-1 day", formEnd: "1 day", examStart: "2 days", examEnd: "3 days", result: "4 days" }, "Free e2e");
  await withDatabase((client) =>
    client.query(`update quizzes set contest_model = 'free_entry', entry_fee_paise = 0, prize_money_paise = 0, capacity = 50 where id = $1`, [quiz.id]),
  );
  return quiz;
}

/** Registration closes and the exam window opens, as the days passing would. */
function openTheExam(quizId: string) {
  return withDatabase((client) =>
    client.query(
      `update quizzes set form_start_at = now() - interval '2 days', form_end_at = now() - interval '1 day',
         exam_start_at = now() - interval '1 hour', exam_end_at = now() + interval '1 day', result_at = now() + interval '2 days'
       where id = $1`,
      [quizId],
    ),
  );
}

/** Rows the participant has in the ledger for this quiz: the registration, and nothing paid. */
function entries(userId: string, quizId: string) {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ amount_paise: number; status: string }>(`select amount_paise, status from transactions where user_id = $1 and quiz_id = $2`, [userId, quizId]);
    return rows;
  });
}

test.describe("a free-entry quiz", () => {
  test("a participant registers from the dashboard without a payment modal, and starts it when the exam opens", async ({ page }) => {
    test.setTimeout(120_000);
    const user = await signUp(page.request);
    const quiz = await freeQuiz();

    await page.goto("/dashboard");
    const card = page.getByRole("article", { name: quiz.title });
    await expect(card.getByTestId("contest-model")).toHaveText(/^Free entry; prizes sponsored by /);
    await expect(card.getByText("Entry fee: free.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Please Pay to Attend Quiz" })).toHaveCount(0);

    // The terms first, as for a paid quiz.
    const register = card.getByRole("button", { name: "Register free" });
    await register.click();
    await expect(card.getByText("You must agree to the Terms and Conditions to proceed.")).toBeVisible();
    await card.getByLabel("I agree to the Terms and Conditions").check();
    await register.click();

    await expect(card.getByText("You are registered. The quiz starts on exam day from your dashboard.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card.getByText(/^Exam opens /)).toBeVisible();
    await expect(card.getByText("Seats left: 49")).toBeVisible();
    expect(await entries(user.id, quiz.id)).toEqual([{ amount_paise: 0, status: "verified" }]);

    await openTheExam(quiz.id);
    await page.reload();
    await card.getByRole("link", { name: "Lets, Start Quiz" }).click();
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(`/QuizliveSection?quizId=${quiz.id}`);
    await page.getByRole("button", { name: "Start Quiz" }).click();
    await expect(questionHeading(page, 1)).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
