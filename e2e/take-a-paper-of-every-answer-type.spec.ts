import { devices, expect, test, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { EXAM_BROWSER, collectAlerts, isFullscreen } from "./support/exam";
import { OPEN_EXAM, grantVerifiedEntry } from "./support/exam-db";
import { SECTIONED_PAPER, createSectionedQuiz, storedAnswersOfEveryType } from "./support/sectioned-quiz";

// A phone: the typed answers must bring up its number keypad.
test.use({ ...devices["Pixel 7"], ...EXAM_BROWSER });

const heading = (page: Page, number: number) => page.getByRole("heading", { name: `Question ${number} of 4`, exact: true });
const hindiHeading = (page: Page, number: number) => page.getByRole("heading", { name: `प्रश्न ${number} / 4`, exact: true });
/** The exam's own language switch, at hand in full-screen mode. */
const examSwitch = (page: Page, to: "English" | "हिन्दी") => page.getByRole("main").getByRole("button", { name: to, exact: true });
const question = (page: Page) => page.getByRole("group").filter({ has: page.getByRole("heading") });

/** The answers on screen for questions 2 to 4, going back from the last: the options ticked, the numbers typed. */
async function expectAnswersKept(page: Page, headingOf: (page: Page, number: number) => ReturnType<Page["getByRole"]>, previous: string) {
  await expect(headingOf(page, 4)).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveValue("2.50");
  await page.getByRole("button", { name: previous, exact: true }).click();
  await expect(headingOf(page, 3)).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveValue("42");
  await page.getByRole("button", { name: previous, exact: true }).click();
  await expect(headingOf(page, 2)).toBeVisible();
  const boxes = page.getByRole("checkbox");
  await expect(boxes).toHaveCount(5);
  for (const [index, ticked] of [true, false, true, false, false].entries()) {
    if (ticked) await expect(boxes.nth(index)).toBeChecked();
    else await expect(boxes.nth(index)).not.toBeChecked();
  }
}

test("a participant on a phone answers a paper of every answer type, switches to Hindi and back with every answer kept, and submits them all", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signUp(page.request);
  const quiz = await createSectionedQuiz(OPEN_EXAM, "Every answer type e2e");
  await grantVerifiedEntry(user.id, quiz.id);
  const alerts = collectAlerts(page);

  await page.goto(`/quizes/${quiz.id}`);
  await page.getByRole("link", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(heading(page, 1)).toBeVisible();
  await expect.poll(() => isFullscreen(page)).toBe(true);

  // Section A, single correct.
  await expect(question(page)).toContainText("Section A · One correct · +3 / −1");
  await page.getByRole("radio").nth(1).check();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Section B, one or more correct: two options ticked.
  await expect(heading(page, 2)).toBeVisible();
  await expect(question(page)).toContainText("Section B · One or more correct · +4 / partial +1 per correct option / −2");
  await expect(page.getByText("Choose one or more")).toBeVisible();
  await page.getByRole("checkbox").nth(0).check();
  await page.getByRole("checkbox").nth(2).check();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // Section C: a whole number on the number keypad, refused out of its range before any save.
  await expect(heading(page, 3)).toBeVisible();
  await expect(question(page)).toContainText("Section C · Whole-number answer · +3 / no negative marks · This question: +4 / no negative marks");
  const integer = page.getByRole("textbox", { name: "Type a whole number from 0 to 99" });
  await expect(integer).toHaveAttribute("inputmode", "numeric");
  await integer.fill("420");
  await integer.blur();
  await expect(page.getByText("Type a number from 0 to 99.")).toBeVisible();
  await expect(integer).toHaveAttribute("aria-invalid", "true");
  await integer.fill("42");
  await expect(page.getByText("Type a number from 0 to 99.")).toHaveCount(0);
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // A decimal number on the decimal keypad.
  await expect(heading(page, 4)).toBeVisible();
  const numerical = page.getByRole("textbox", { name: "Type a number, up to 2 decimal places" });
  await expect(numerical).toHaveAttribute("inputmode", "decimal");
  await numerical.fill("2.50");
  // Saved once typing pauses: every question answered, each with a tick.
  await expect(page.getByText("Answered 4 of 4")).toBeVisible();
  await expect(page.getByRole("group", { name: "Section C", exact: true }).getByRole("button", { name: "Question 4, answered" })).toBeVisible();

  // To Hindi and back, in full screen: every answer stays, the sections named in Hindi.
  await examSwitch(page, "हिन्दी").click();
  await expect(page.getByRole("group", { name: "खंड ग", exact: true })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "कोई संख्या लिखें, दशमलव के बाद अधिकतम 2 अंक" })).toBeVisible();
  await expectAnswersKept(page, hindiHeading, "पिछला");
  await expect(page.getByText(SECTIONED_PAPER.questions.multiple.textHi)).toBeVisible();
  await examSwitch(page, "English").click();
  await page.getByRole("button", { name: "Question 4, answered" }).click();
  await expectAnswersKept(page, heading, "Previous");
  expect(await isFullscreen(page)).toBe(true);

  await page.getByRole("button", { name: "Submit Quiz" }).click();
  const confirmation = page.getByRole("dialog", { name: "Submit your answers?" });
  await expect(confirmation).toContainText("You have answered 4 of 4 questions; none is left unanswered.");
  await confirmation.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("Quiz submitted successfully! Full-screen mode exited.")).toBeVisible();

  // Stored as given: the option, the two options, the whole number and the decimal as typed.
  const stored = await storedAnswersOfEveryType(user.id, quiz.id);
  expect(stored).toEqual({
    [quiz.questionIds.single]: 1,
    [quiz.questionIds.multiple]: [0, 2],
    [quiz.questionIds.integer]: expect.stringMatching(/^42(\.0*)?$/),
    [quiz.questionIds.numerical]: expect.stringMatching(/^2\.50?$/),
  });
  expect(alerts).toEqual([]);
});
