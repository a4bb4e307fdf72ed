import { expect, test, type Page } from "@playwright/test";
import { ADMIN, signUp } from "./support/accounts";
import { EXAM_BROWSER } from "./support/exam";
import { createQuiz, grantVerifiedEntry, OPEN_EXAM, withDatabase } from "./support/exam-db";

test.use(EXAM_BROWSER);

/** Options a visible-text name cannot tell apart: "5 2", "52", "x 2" and "7" (the root dropped). */
const OPTIONS = ["$\\frac{5}{2}$", "$5^2$", "$x^2$", "$2\\sqrt{7}$"];

const examSwitch = (page: Page, to: "English" | "हिन्दी") => page.getByRole("main").getByRole("button", { name: to, exact: true });

async function expectOptionNames(page: Page, names: string[]) {
  for (const name of names) await expect(page.getByRole("radio", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("radio")).toHaveCount(names.length);
}

test("each formula option is named by its letter and its spoken text, in English and in Hindi", async ({ page, playwright, baseURL }) => {
  // Saved as an admin saves it: the app renders it and speaks its formulas then.
  const admin = await playwright.request.newContext({ baseURL });
  expect((await admin.post("/api/login", { data: ADMIN })).ok()).toBe(true);
  const saved = await admin.post("/api/addquestions", {
    data: { text: "Which of these equals 25 when $x = 5$?", subject: "Mathematics", options: OPTIONS, correctOptionIndex: 1, textHi: "$x = 5$ हो तो इनमें से कौन-सा 25 के बराबर है?", optionsHi: OPTIONS },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { question } = (await saved.json()) as { question: { id: string } };
  await admin.dispose();

  const user = await signUp(page.request);
  const { id: quizId } = await createQuiz(OPEN_EXAM, "Spoken formulas e2e");
  await withDatabase(async (client) => {
    await client.query("delete from quiz_questions where quiz_id = $1", [quizId]);
    await client.query("insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, 0)", [quizId, question.id]);
    await client.query("update quizzes set question_count = 1 where id = $1", [quizId]);
  });
  await grantVerifiedEntry(user.id, quizId);

  await page.goto(`/QuizliveSection?quizId=${quizId}`);
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(page.getByRole("heading", { name: "Question 1 of 1" })).toBeVisible();
  await expectOptionNames(page, ["A. five halves", "B. 5 squared", "C. x squared", "D. 2 times the square root of 7"]);
  // The question's own formula is spoken too, and keeps its MathML.
  await expect(page.locator("legend").getByRole("math", { name: "x equals 5", exact: true })).toHaveCount(1);
  await expect(page.locator("legend math annotation")).toHaveText("x = 5");

  await examSwitch(page, "हिन्दी").click();
  await expectOptionNames(page, ["A. पाँच द्वितीयांश", "B. 5 वर्गित", "C. एक्स वर्गित", "D. 2 गुणन चिह्न 7 का वर्गमूल"]);
  await expect(page.locator("legend [lang=hi]").getByRole("math", { name: "एक्स बराबर का चिह्न 5", exact: true })).toHaveCount(1);
});
