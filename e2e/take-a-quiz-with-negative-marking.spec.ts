import { expect, test, type Page } from "@playwright/test";
import { paidQuizQuestions } from "@/lib/seed/paid-quiz-questions";
import { signUp } from "./support/accounts";
import { EXAM_BROWSER, questionHeading } from "./support/exam";
import { createQuiz, grantVerifiedEntry, OPEN_EXAM, withDatabase } from "./support/exam-db";

test.use(EXAM_BROWSER);

/** The position of a wrong option of the question on screen (options are not shuffled in this quiz). */
async function wrongOptionOnScreen(page: Page): Promise<number> {
  const name = await page.getByRole("radio").first().getAttribute("name");
  const text = await withDatabase(async (client) => (await client.query<{ text: string }>("select text from questions where id = $1", [name!.replace("question-", "")])).rows[0].text);
  const seeded = paidQuizQuestions.find((question) => question.text === text)!;
  return (seeded.correctOptionIndex + 1) % 4;
}

test("a participant reads the quiz's own marking scheme, answers three questions wrongly and sees a negative score once the window closes", async ({ page }) => {
  test.setTimeout(90_000);
  const user = await signUp(page.request);
  const { id: quizId } = await createQuiz(OPEN_EXAM, "Negative marking e2e", { marksPerQuestion: 4, wrongAnswerMarks: 1 });
  await grantVerifiedEntry(user.id, quizId);

  await page.goto(`/quizes/${quizId}`);
  await expect(page.getByText("4 marks each", { exact: true })).toBeVisible();
  await expect(page.getByText("1 mark deducted for each wrong answer; none for a question left unanswered", { exact: true })).toBeVisible();
  await expect(page.getByText("No negative marking", { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Next", exact: true }).click();
  // Said again just before the start.
  await expect(page.getByText("1 mark deducted for each wrong answer; none for a question left unanswered", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Start Quiz" }).click();
  for (let number = 1; number <= 3; number++) {
    await expect(questionHeading(page, number)).toBeVisible();
    await page.getByRole("radio").nth(await wrongOptionOnScreen(page)).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
  }
  await expect(questionHeading(page, 4)).toBeVisible();
  await page.getByRole("button", { name: "Submit Quiz" }).click();
  await expect(page.getByText("Quiz submitted successfully! Full-screen mode exited.")).toBeVisible();

  await withDatabase((client) => client.query("update quizzes set exam_end_at = now() where id = $1", [quizId]));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // Three wrong answers at −1 each, 22 left unanswered at 0, out of 25 × 4.
  await expect(page.getByText("-3 out of 100", { exact: true })).toBeVisible();
});
