import { expect, test, type Page } from "@playwright/test";
import { EXAM_BROWSER, collectAlerts, enrolledParticipant, questionHeading } from "./support/exam";
import { storedAnswers } from "./support/exam-db";

test.use(EXAM_BROWSER);

const NOT_SAVED_YET = "Your last answers are not saved yet. Keep going: they are kept on this device and will be sent automatically.";
/** The single save and the batch the outbox sends when several answers wait. */
const ANSWER_SAVES = /\/api\/exam\/[^/]+\/answers(\/batch)?$/;
const VIDEO_UPLOADS = "**/api/wasabi/upload-exam-chunk";
/** SPEC §8's alert, kept for a connection that is down. */
const CONNECTION_DOWN = "Recording upload failed. Please check your internet connection.";
const SERVER_DOWN = "Recording upload is waiting: our server is not answering right now. Keep going: the recording is kept on this device and will be sent automatically.";

const questionButton = (page: Page, label: string) => page.getByRole("button", { name: label, exact: true });

/** A participant in a new quiz's exam, started and showing question 1; `alerts` collects any dialog. */
async function startedExam(page: Page) {
  const participant = await enrolledParticipant(page);
  const alerts = collectAlerts(page);
  await page.goto(`/QuizliveSection?quizId=${participant.quizId}`);
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(questionHeading(page, 1)).toBeVisible();
  return { ...participant, alerts };
}

test.describe("answering while the server cannot store answers", () => {
  test("choices show as saving with a banner, then are stored within 2 s of the server's return, without a click, and turn to ticks", async ({ page }) => {
    test.setTimeout(90_000);
    const { userId, quizId, alerts } = await startedExam(page);

    // The server answers every other request but cannot store answers (its database is away).
    let refused = 0;
    let refusedBatches = 0;
    await page.route(ANSWER_SAVES, (route) => {
      refused += 1;
      if (route.request().url().endsWith("/batch")) refusedBatches += 1;
      return route.fulfill({ status: 503, json: { message: "Service unavailable" } });
    });

    for (let number = 1; number <= 3; number++) {
      await expect(questionHeading(page, number)).toBeVisible();
      await page.getByRole("radio").first().check();
      await page.getByRole("button", { name: "Next", exact: true }).click();
    }
    await expect(questionHeading(page, 4)).toBeVisible();

    // Nothing is ticked that the server does not have: the choices are marked as saving. (Matched
    // against the page's tree, so that a failure prints what the page showed instead.)
    await expect(page.locator("main")).toMatchAriaSnapshot(`
      - navigation "Questions":
        - list:
          - listitem:
            - button "Question 2, saving"
          - listitem:
            - button "Question 3, saving"
    `);
    await expect(page.getByRole("button", { name: /, answered$/ })).toHaveCount(0);
    await expect(page.getByText("Answered 0 of 25")).toBeVisible();
    await expect(page.getByText("3 saving…")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: NOT_SAVED_YET })).toBeVisible({ timeout: 8000 });
    await expect(page.getByRole("status").filter({ hasText: NOT_SAVED_YET })).toHaveText(NOT_SAVED_YET);

    // Long enough for the back-off to grow well past 2 s.
    await page.waitForTimeout(6000);
    expect(refused).toBeGreaterThanOrEqual(3);
    // The retries carry every waiting answer in one request.
    expect(refusedBatches).toBeGreaterThanOrEqual(1);
    expect(await storedAnswers(userId, quizId)).toEqual({});

    // The server stores answers again: everything goes within 2 s, with no click.
    await page.unroute(ANSWER_SAVES);
    await expect.poll(async () => Object.keys(await storedAnswers(userId, quizId)).length, { timeout: 2000, intervals: [100] }).toBe(3);

    for (const number of [2, 3]) await expect(questionButton(page, `Question ${number}, answered`)).toBeVisible();
    await expect(page.getByRole("button", { name: /, saving$/ })).toHaveCount(0);
    await expect(page.getByText("Answered 3 of 25", { exact: true })).toBeVisible();
    await expect(page.getByText(NOT_SAVED_YET)).toHaveCount(0);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(questionButton(page, "Question 1, answered")).toBeVisible();
    expect(alerts).toEqual([]);
  });

  test("offline, the recording alert blames the connection and answers wait; back online, they go at once; a failing server is named as such", async ({ page, context }) => {
    test.setTimeout(90_000);
    const { userId, quizId, alerts } = await startedExam(page);
    await expect(page.getByText(/^Recording: uploaded [1-9]\d* of/)).toBeVisible();
    await expect(page.getByText(/^Recording: saved up to 00:0[1-9]$/)).toBeVisible();

    await context.setOffline(true);
    await page.getByRole("radio").nth(1).check();
    await expect(questionButton(page, "Question 1, saving")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: NOT_SAVED_YET })).toBeVisible({ timeout: 8000 });
    await expect(page.getByRole("alert").filter({ hasText: CONNECTION_DOWN })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(SERVER_DOWN)).toHaveCount(0);
    // The confirmed part stops growing while chunks pile up on this device.
    await expect(page.getByText(/^Recording: saved up to \d\d:\d\d, saving…$/)).toBeVisible();

    // The browser's "online" event sends what waits, without waiting out the back-off.
    await context.setOffline(false);
    await expect.poll(async () => Object.values(await storedAnswers(userId, quizId)), { timeout: 2000, intervals: [100] }).toEqual([1]);
    await expect(questionButton(page, "Question 1, answered")).toBeVisible();
    await expect(page.getByText(NOT_SAVED_YET)).toHaveCount(0);
    await expect(page.getByRole("alert").filter({ hasText: CONNECTION_DOWN })).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByText(/^Recording: saved up to \d\d:\d\d$/)).toBeVisible({ timeout: 20_000 });

    // Online, but the server answers recording uploads with errors: the alert says it is the server.
    await page.route(VIDEO_UPLOADS, (route) => route.fulfill({ status: 503, json: { message: "Service unavailable" } }));
    await expect(page.getByRole("alert").filter({ hasText: SERVER_DOWN })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(CONNECTION_DOWN)).toHaveCount(0);
    await page.unroute(VIDEO_UPLOADS);
    await expect(page.getByRole("alert").filter({ hasText: SERVER_DOWN })).toHaveCount(0, { timeout: 20_000 });
    expect(alerts).toEqual([]);
  });
});
