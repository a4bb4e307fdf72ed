import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminTab } from "./support/admin-panel";
import { createQuiz, markResultsPublished, submittedAttempt, withDatabase } from "./support/exam-db";

const TITLE_HI = "हिन्दी परिणाम ओलंपियाड";

/** A page's lead line under its heading: the quiz it is about. */
const lead = (page: Page) => page.locator("main header p");

test("a Hindi participant reads their quiz's Hindi title on the answer key, the appeal page and the dashboard's rank sentence, and the English one marked English where none was written; the organiser sees it in the quiz list", async ({ page: organiser, browser, baseURL }) => {
  const quiz = await createQuiz({ formStart: "-3 days", formEnd: "-2 days", examStart: "-5 hours", examEnd: "-3 hours", result: "3 days" }, "Hindi results e2e");
  await withDatabase((client) => client.query("update quizzes set answer_key_published_at = now() where id = $1", [quiz.id]));
  const hindi = await browser.newContext({ baseURL, locale: "hi-IN" });
  try {
    const user = await signUp(hindi.request);
    await submittedAttempt(user.id, quiz.id, 18);
    const page = await hindi.newPage();

    // No Hindi title written yet: the English one, marked English inside the Hindi page.
    await page.goto(`/quizes/${quiz.id}/appeal`);
    await expect(lead(page)).toHaveText(quiz.title);
    await expect(lead(page).locator("span")).toHaveAttribute("lang", "en");

    await withDatabase((client) => client.query("update quizzes set title_hi = $2 where id = $1", [quiz.id, TITLE_HI]));
    for (const path of ["appeal", "answer-key"]) {
      await page.goto(`/quizes/${quiz.id}/${path}`);
      await expect(lead(page)).toHaveText(TITLE_HI);
      await expect(lead(page).locator("span")).not.toHaveAttribute("lang");
    }

    // The organiser's list shows what Hindi readers see as the quiz's title.
    await openAdminTab(organiser, "quizzes");
    const listed = organiser.getByRole("listitem").filter({ has: organiser.getByRole("heading", { name: quiz.title, exact: true }) });
    await expect(listed.locator('[lang="hi"]')).toHaveText(TITLE_HI);

    await markResultsPublished(quiz.id);
    await page.goto("/dashboard");
    await expect(page.locator(`#result-${quiz.id} p`).first()).toHaveText(`${TITLE_HI}: 1 में से रैंक 1, अंक 18`);
    await expect(page.getByText(quiz.title)).toHaveCount(0);
  } finally {
    await hindi.close();
  }
});
