import { expect, test, type Page } from "@playwright/test";
import { renderQuestion } from "@/lib/content";
import { DEMO_DIAGRAM_ALT, DEMO_DIAGRAM_ID } from "@/lib/seed/demo-questions";
import { paidQuizQuestions } from "@/lib/seed/paid-quiz-questions";
import { signUp } from "./support/accounts";
import { checker } from "./support/axe";
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
  // One key press does not end the exam: Enter on Submit Quiz asks first, with what is unanswered.
  const submitQuiz = page.getByRole("button", { name: "Submit Quiz" });
  await submitQuiz.focus();
  await page.keyboard.press("Enter");
  const confirmation = page.getByRole("dialog", { name: "Submit your answers?" });
  await expect(confirmation).toContainText("You have answered 3 of 25 questions; 22 are unanswered.");
  await expect(confirmation.getByRole("button", { name: "Keep answering" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirmation).toHaveCount(0);
  await expect(submitQuiz).toBeFocused();
  await expect(questionHeading(page, 4)).toBeVisible();
  await expect(page.getByText("Answered 3 of 25")).toBeVisible();
  // Escape keeps answering too; then Submit ends it.
  await submitQuiz.click();
  await page.keyboard.press("Escape");
  await expect(confirmation).toHaveCount(0);
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await submitQuiz.click();
  await confirmation.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("Quiz submitted successfully! Full-screen mode exited.")).toBeVisible();

  await withDatabase((client) => client.query("update quizzes set exam_end_at = now() where id = $1", [quizId]));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // Three wrong answers at −1 each, 22 left unanswered at 0, out of 25 × 4.
  await expect(page.getByText("-3 out of 100", { exact: true })).toBeVisible();
});

test("a participant sees the question's formulas, diagram and table in the live exam, from the exam paper, and axe finds no serious violation there", async ({ page }) => {
  const user = await signUp(page.request);
  const { id: quizId } = await createQuiz(OPEN_EXAM, "Formula exam e2e");
  const question = {
    text: `If\n\n$$x^2 - 5x + 6 = 0$$\n\nthen, with the table and the figure below, which is a root?\n\n| x | 2 | 3 |\n| --- | --- | --- |\n| f(x) | 0 | 0 |\n\n![${DEMO_DIAGRAM_ALT.en}](image:${DEMO_DIAGRAM_ID})`,
    options: ["$x = 1$", "$x = 3$", "$\\dfrac{5}{6}$", "none"],
  };
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      "insert into questions (text, subject, options, correct_option_index, rendered) values ($1, 'Mathematics', $2, 1, $3) returning id",
      [question.text, question.options, JSON.stringify(await renderQuestion(question, new Map([[DEMO_DIAGRAM_ID, { width: 480, height: 320 }]])))],
    );
    await client.query("insert into question_image_uses (question_id, image_id) values ($1, $2)", [rows[0].id, DEMO_DIAGRAM_ID]);
    await client.query("delete from quiz_questions where quiz_id = $1", [quizId]);
    await client.query("insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, 0)", [quizId, rows[0].id]);
    await client.query("update quizzes set question_count = 1 where id = $1", [quizId]);
  });
  await grantVerifiedEntry(user.id, quizId);

  await page.goto(`/QuizliveSection?quizId=${quizId}`);
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByRole("heading", { name: "Question 1 of 1" })).toBeVisible();
  const legend = page.locator("legend").first();
  await expect(legend.locator(".katex-display")).toBeVisible();
  await expect(legend.locator(".katex-display math annotation")).toHaveText("x^2 - 5x + 6 = 0");
  await expect(legend.getByRole("table")).toBeVisible();
  const diagram = legend.getByRole("img", { name: DEMO_DIAGRAM_ALT.en });
  await expect(diagram).toBeVisible();
  // Loaded from the app's own image route, not merely placed.
  await expect.poll(() => diagram.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(480);
  await expect(page.getByRole("radio", { name: "B. x equals 3", exact: true }).locator("xpath=..").locator(".katex")).toBeVisible();
  const axe = checker(page);
  await axe.check("the live exam with a formula question");
  axe.expectNone();
});
