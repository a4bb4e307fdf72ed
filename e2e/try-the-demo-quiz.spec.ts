import { expect, test, type Page } from "@playwright/test";
import { demoQuestions } from "@/lib/seed/demo-questions";

const questionHeading = (page: Page) => page.getByRole("heading", { name: /^Question \d+ of 10$/ });
const nextButton = (page: Page) => page.getByRole("button", { name: "Next", exact: true });

test.describe("the demo quiz", () => {
  test("keeps the current question and the answers across a reload", async ({ page }) => {
    await page.goto("/demoquiz");
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await page.getByRole("radio").nth(1).check();
    await nextButton(page).click();
    await expect(questionHeading(page)).toHaveText("Question 2 of 10");
    await page.getByRole("radio").nth(2).check();

    await page.reload();
    await expect(questionHeading(page)).toHaveText("Question 2 of 10");
    await expect(page.getByRole("radio").nth(2)).toBeChecked();
    await page.getByRole("button", { name: "Question 1, answered" }).click();
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await expect(page.getByRole("radio").nth(1)).toBeChecked();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("quizProgress") ?? "null"))).toMatchObject({
      index: 0,
      answers: [1, 2, null, null, null, null, null, null, null, null],
      ended: false,
      startTime: expect.any(Number),
    });
  });

  test("turns the timer red in the last 5 seconds, ends at zero and restarts", async ({ page }) => {
    await page.clock.install();
    await page.goto("/demoquiz");
    const timer = page.getByRole("timer");
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await expect(timer).not.toHaveClass(/text-red-700/);

    await page.clock.fastForward("04:56");
    await expect(timer).toHaveClass(/text-red-700/);
    await expect(timer).toHaveAccessibleName("Time left, almost up");

    await page.clock.fastForward("00:05");
    await expect(page.getByRole("heading", { name: "Thank you for trying the demo quiz!" })).toBeVisible();
    await expect(page.getByText(/^Your score: \d+ \/ 10$/)).toBeVisible();
    await expect(page.getByText(/^Time taken:/)).toContainText("00:05:0");

    await page.getByRole("button", { name: "Restart" }).click();
    await expect(questionHeading(page)).toHaveText("Question 1 of 10");
    await expect(timer).toContainText(/0[45]:\d\d/);
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  });

  test("ends with Next on the last question, counting a changed answer once", async ({ page }) => {
    await page.goto("/demoquiz");
    const [first, second] = demoQuestions;
    await page.getByRole("radio").nth(first.correctOptionIndex).check();
    await nextButton(page).click();
    await page.getByRole("radio").nth(second.correctOptionIndex).check();
    await page.getByRole("button", { name: "Question 1, answered" }).click();
    // Right, then wrong: the score goes back down.
    await page.getByRole("radio").nth((first.correctOptionIndex + 1) % 4).check();

    for (let number = 1; number < 10; number++) {
      await expect(questionHeading(page)).toHaveText(`Question ${number} of 10`);
      await nextButton(page).click();
    }
    await expect(questionHeading(page)).toHaveText("Question 10 of 10");
    await nextButton(page).click();
    await expect(page.getByText("Your score: 1 / 10")).toBeVisible();
  });
});
