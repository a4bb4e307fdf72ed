import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { examOpensText } from "./support/exam";
import { OPEN_EXAM, createQuiz, grantVerifiedEntry, markResultsPublished, submittedAttempt } from "./support/exam-db";

const SEASON_2 = "Olympiad Season 2";

/** Titles of the quiz cards in view, in order (the past ones are folded away). */
function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
}

test.describe("the participant's dashboard", () => {
  test("lists the quiz open for registration first, then the paid one, and folds closed ones into Past quizzes", async ({ page }) => {
    const { id: userId } = await signUp(page.request);
    const closed = await createQuiz({ formStart: "-3 days", formEnd: "-1 day", examStart: "2 days", examEnd: "3 days", result: "4 days" }, "Closed e2e");
    const paid = await createQuiz({ formStart: "-1 day", formEnd: "1 day", examStart: "3 days", examEnd: "4 days", result: "5 days" }, "Paid e2e");
    // Closes within the hour: sooner than any other open quiz, the seeded ones included.
    const open = await createQuiz({ formStart: "-1 day", formEnd: "50 minutes", examStart: "2 days", examEnd: "3 days", result: "4 days" }, "Open e2e");
    await grantVerifiedEntry(userId, paid.id);

    await page.goto("/dashboard");
    const titles = await cardTitles(page);
    expect(titles[0]).toBe(open.title);
    expect(titles.indexOf(paid.title)).toBeGreaterThan(titles.indexOf(SEASON_2));
    expect(titles).not.toContain(closed.title);

    const past = page.getByRole("group").filter({ has: page.getByText(/^Past quizzes \(\d+\)$/) });
    await expect(past.getByRole("article", { name: closed.title })).toBeHidden();
    await page.getByText(/^Past quizzes \(\d+\)$/).click();
    const closedCard = past.getByRole("article", { name: closed.title });
    await expect(closedCard).toBeVisible();
    await expect(closedCard.getByRole("button", { name: "Registration closed" })).toBeDisabled();
  });

  test("a verified participant sees when the exam opens, with no button that goes nowhere", async ({ page }) => {
    const { id: userId } = await signUp(page.request);
    const quiz = await createQuiz({ formStart: "-3 days", formEnd: "-1 day", examStart: "2 days", examEnd: "3 days", result: "4 days" });
    await grantVerifiedEntry(userId, quiz.id);

    await page.goto("/dashboard");
    const card = page.getByRole("article", { name: quiz.title });
    await expect(card.getByText(examOpensText(quiz.examStartAt), { exact: true })).toBeVisible();
    await expect(card.getByRole("timer")).toHaveCount(0);
    await expect(card.getByRole("link", { name: /start/i })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /start|exam opens/i })).toHaveCount(0);
  });

  test("on the day the card counts down, and turns into Start when the window opens", async ({ page }) => {
    const { id: userId } = await signUp(page.request);
    const quiz = await createQuiz({ formStart: "-3 days", formEnd: "-1 day", examStart: "8 seconds", examEnd: "1 day", result: "2 days" });
    await grantVerifiedEntry(userId, quiz.id);

    await page.goto("/dashboard");
    const card = page.getByRole("article", { name: quiz.title });
    await expect(card.getByText(examOpensText(quiz.examStartAt), { exact: true })).toBeVisible();
    const countdown = card.getByRole("timer");
    await expect(countdown).toHaveText(/^Starts in 00:00:0\d$/);
    const start = card.getByRole("link", { name: "Start quiz" });
    await expect(start).toBeVisible({ timeout: 20_000 });
    await expect(start).toHaveAttribute("href", `/quizes/${quiz.id}`);
    await expect(countdown).toHaveCount(0);
  });

  test("a taken quiz shows View result, not Start; once results are published it leads to the participant's rank", async ({ page }) => {
    const { id: userId } = await signUp(page.request);
    const running = await createQuiz(OPEN_EXAM);
    await grantVerifiedEntry(userId, running.id);
    await submittedAttempt(userId, running.id);
    const finished = await createQuiz({ formStart: "-5 days", formEnd: "-4 days", examStart: "-3 days", examEnd: "-2 days", result: "-1 day" }, "Published e2e");
    await grantVerifiedEntry(userId, finished.id);
    await submittedAttempt(userId, finished.id, 17);
    await markResultsPublished(finished.id);

    await page.goto("/dashboard");
    const card = page.getByRole("article", { name: running.title });
    await expect(card.getByRole("link", { name: "View result" })).toHaveAttribute("href", `/QuizliveSection?quizId=${running.id}`);
    await expect(card.getByRole("link", { name: /start/i })).toHaveCount(0);
    await expect(card.getByText("Lets, Start Quiz")).toHaveCount(0);

    await page.getByText(/^Past quizzes \(\d+\)$/).click();
    const published = page.getByRole("article", { name: finished.title });
    await published.getByRole("link", { name: "View result" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard#result-${finished.id}$`));
    await expect(page.locator(`#result-${finished.id}`)).toContainText(`${finished.title}: rank 1 of 1, score 17`);

    await card.getByRole("link", { name: "View result" }).click();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  });
});
