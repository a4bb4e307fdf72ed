import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminTab } from "./support/admin-panel";
import { insertQuizzes, removeQuizzes, withDatabase } from "./support/exam-db";

/** Registration opens tomorrow: nothing of either quiz is fixed yet, and no one can pay for it. */
const AHEAD = { formStart: "1 day", formEnd: "2 days", examStart: "3 days", examEnd: "4 days", result: "5 days" };

const TITLE_HI = "शीतकालीन गणित ओलंपियाड";
const DESCRIPTION_HI = "तीस मिनट में पच्चीस प्रश्न।";
const DESCRIPTION = "Twenty-five questions in thirty minutes.";

/** A card on the dashboard, or an item of the quiz list, by the title it is headed with. */
function headed(page: Page, role: "article" | "listitem", title: string) {
  return page.getByRole(role).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

test.describe("a quiz's own texts in Hindi", () => {
  test("a Hindi participant reads the Hindi title and description an organiser wrote, and the English ones marked English where none was written", async ({ page, browser, baseURL }) => {
    const quizzes = await withDatabase(async (client) => {
      const made = await insertQuizzes(client, 2, AHEAD, "Winter Maths");
      // Certificates only: the form saves it without the cash prizes' confirmation.
      await client.query("update quizzes set contest_model = 'paid_certificates', description = $2 where id = any($1::uuid[])", [made.map((quiz) => quiz.id), DESCRIPTION]);
      return made;
    });
    const [written, english] = quizzes;
    try {
      // The organiser writes the Hindi texts of one quiz in its form; the other stays English only.
      await openAdminTab(page, "quizzes");
      await page.getByRole("region", { name: "Quizzes" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: written.title }) }).getByRole("button", { name: "Edit" }).click();
      await page.getByLabel("Title (Hindi)").fill(TITLE_HI);
      await page.getByLabel("Description (Hindi)").fill(DESCRIPTION_HI);
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Quiz updated.")).toBeVisible();

      const hindi = await browser.newContext({ baseURL, locale: "hi-IN" });
      try {
        await signUp(hindi.request);
        const reader = await hindi.newPage();
        await reader.goto("/dashboard");
        await expect(reader.locator("html")).toHaveAttribute("lang", "hi-IN");
        const card = headed(reader, "article", TITLE_HI);
        await expect(card.getByRole("heading", { name: TITLE_HI })).not.toHaveAttribute("lang");
        await expect(card.getByText(DESCRIPTION_HI)).toBeVisible();
        const englishCard = headed(reader, "article", english.title);
        await expect(englishCard.getByRole("heading", { name: english.title })).toHaveAttribute("lang", "en");
        await expect(englishCard.getByText(DESCRIPTION)).toHaveAttribute("lang", "en");

        await reader.goto("/quizeslist");
        const item = headed(reader, "listitem", TITLE_HI);
        await expect(item.getByText(DESCRIPTION_HI)).toBeVisible();
        // Its dates tell the time of day in Hindi words (सुबह, दोपहर, शाम, रात), never an English am or pm.
        await expect(item).toContainText(/(सुबह|दोपहर|शाम|रात) \d{2}:\d{2} IST/);
        await expect(item).not.toContainText(/\d [ap]m\b/i);
        await expect(headed(reader, "listitem", written.title)).toHaveCount(0);
        const englishItem = headed(reader, "listitem", english.title);
        await expect(englishItem.getByRole("heading", { name: english.title })).toHaveAttribute("lang", "en");
        await expect(englishItem.getByText(DESCRIPTION)).toHaveAttribute("lang", "en");
      } finally {
        await hindi.close();
      }
    } finally {
      await removeQuizzes(quizzes.map((quiz) => quiz.id));
    }
  });
});
