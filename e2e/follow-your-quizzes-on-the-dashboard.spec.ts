import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, signUp } from "./support/accounts";
import { examOpensText } from "./support/exam";
import { OPEN_EXAM, createQuiz, grantVerifiedEntry, markResultsPublished, pendingEntry, submittedAttempt, withDatabase } from "./support/exam-db";

const SEASON_2 = "Olympiad Season 2";

/** Titles of the quiz cards in view, in order (the past ones are folded away). */
function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
}

/** A reload would drop this mark along with the rest of the document's state. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
const isSameDocument = (page: Page) => page.evaluate(() => "stillTheSameDocument" in window);

/** Decides a transaction as the admin, through the API the admin panel uses, in a session of its own. */
async function reviewAsAdmin(browser: Browser, baseURL: string | undefined, transactionId: string) {
  const admin = await browser.newContext({ baseURL });
  try {
    expect((await admin.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
    const response = await admin.request.put(`/api/wallet/transaction/${transactionId}`, { data: { paymentVerified: "verified" } });
    expect(response.ok(), await response.text()).toBe(true);
  } finally {
    await admin.close();
  }
}

/** A wallet top-up of ₹300 waiting for an admin; its id. */
function topUpRequest(userId: string): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into transactions (user_id, type, mode, status, amount_paise, reason) values ($1, 'credit', 'upi', 'pending', 30000, 'walletAddMoney') returning id`,
      [userId],
    );
    return rows[0].id;
  });
}

test.describe("the participant's dashboard", () => {
  test("lists the participant's paid quiz first, before those open for registration, and folds closed ones into Past quizzes", async ({ page }) => {
    const { id: userId } = await signUp(page.request);
    const closed = await createQuiz({ formStart: "-3 days", formEnd: "-1 day", examStart: "2 days", examEnd: "3 days", result: "4 days" }, "Closed e2e");
    // Its exam comes after the open one's: paying, not the date, puts it first.
    const paid = await createQuiz({ formStart: "-1 day", formEnd: "1 day", examStart: "3 days", examEnd: "4 days", result: "5 days" }, "Paid e2e");
    const open = await createQuiz({ formStart: "-1 day", formEnd: "50 minutes", examStart: "2 days", examEnd: "3 days", result: "4 days" }, "Open e2e");
    await grantVerifiedEntry(userId, paid.id);

    await page.goto("/dashboard");
    const titles = await cardTitles(page);
    expect(titles[0]).toBe(paid.title);
    expect(titles).toContain(open.title);
    expect(titles).toContain(SEASON_2);
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
    const start = card.getByRole("link", { name: "Lets, Start Quiz" });
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

  test("changes from Verification Pending to Start within seconds of the admin's verification, without a reload", async ({ page, browser, baseURL }) => {
    const { id: userId } = await signUp(page.request);
    const quiz = await createQuiz(OPEN_EXAM);
    const payment = await pendingEntry(userId, quiz.id);

    await page.goto("/dashboard");
    const card = page.getByRole("article", { name: quiz.title });
    await expect(card.getByRole("button", { name: "Verification Pending" })).toBeDisabled();
    await markDocument(page);

    await reviewAsAdmin(browser, baseURL, payment);
    await expect(card.getByRole("link", { name: "Lets, Start Quiz" })).toHaveAttribute("href", `/quizes/${quiz.id}`, { timeout: 10_000 });
    await expect(card.getByRole("button", { name: "Verification Pending" })).toHaveCount(0);
    expect(await isSameDocument(page)).toBe(true);
  });
});

test("the wallet shows a verified top-up's money within seconds, without a reload", async ({ page, browser, baseURL }) => {
  const { id: userId } = await signUp(page.request);
  const topUp = await topUpRequest(userId);
  await page.goto("/walletdetails");
  const balance = page.getByRole("region", { name: "Balance" });
  await expect(balance.getByText("₹0", { exact: true })).toBeVisible();

  await markDocument(page);

  await reviewAsAdmin(browser, baseURL, topUp);
  await expect(balance.getByText("₹300", { exact: true })).toBeVisible({ timeout: 10_000 });
  expect(await isSameDocument(page)).toBe(true);
});
