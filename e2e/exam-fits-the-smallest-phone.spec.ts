import { expect, test, type Locator, type Page } from "@playwright/test";
import { renderContent } from "@/lib/content/render";
import { signUp } from "./support/accounts";
import { EXAM_BROWSER } from "./support/exam";
import { grantVerifiedEntry, insertQuizzes, NOT_YET_OPEN, OPEN_EXAM, scheduleInOrder, SEEDED_PAID_QUIZ, withDatabase } from "./support/exam-db";

// The exam needs a fake camera, microphone and screen; the demo does not mind them.
test.use({ ...EXAM_BROWSER, viewport: { width: 320, height: 640 } });

/** A physics question as wide as they come: a word longer than a phone's line, a long display formula and a table of eleven columns. */
const WIDE_QUESTION = [
  "A pneumonoultramicroscopicsilicovolcanoconiosis-free cart starts from rest. Its distance is",
  "$$x(t) = \\int_0^t v(s)\\,ds = \\int_0^t 20s\\,ds = 10t^2 \\quad\\text{for}\\quad 0 \\le t \\le 10\\ \\text{seconds, so}\\ x(10) = 1000\\ \\text{m}$$",
  "| t (s) | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n| x (m) | 0 | 10 | 40 | 90 | 160 | 250 | 360 | 490 | 640 | 810 | 1000 |",
  "What is its acceleration?",
].join("\n\n");
const WIDE_OPTIONS = ["$a = \\dfrac{2x}{t^2} = 20\\ \\text{m/s}^2$", "10 m/s²", "5 m/s²", "Electroencephalographically zero"];

/** A new open quiz whose first question is WIDE_QUESTION (the seeded 25 after it), a long word in its title, and a participant let in. */
async function wideQuizEntered(page: Page): Promise<string> {
  const user = await signUp(page.request);
  const quizId = await withDatabase(async (client) => {
    const [quiz] = await insertQuizzes(client, 1, NOT_YET_OPEN, "Electroencephalographically reflow e2e");
    const rendered = { en: { text: renderContent(WIDE_QUESTION, "question").html, options: WIDE_OPTIONS.map((option, index) => (index === 0 ? renderContent(option, "option").html : null)) }, hi: null };
    const { rows } = await client.query<{ id: string }>(
      `insert into questions (subject, text, answer_type, options, correct_option_index, rendered) values ('E2E reflow', $1, 'single', $2::text[], 0, $3) returning id`,
      [WIDE_QUESTION, WIDE_OPTIONS, rendered],
    );
    await client.query(`insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, 0)`, [quiz.id, rows[0].id]);
    await client.query(
      `insert into quiz_questions (quiz_id, question_id, position) select $1::uuid, question_id, position + 1 from quiz_questions where quiz_id = $2::uuid`,
      [quiz.id, SEEDED_PAID_QUIZ],
    );
    await scheduleInOrder(client, quiz.id, OPEN_EXAM);
    return quiz.id;
  });
  await grantVerifiedEntry(user.id, quizId);
  return quizId;
}

/** The reader's text size (WCAG 1.4.4): the rem-sized text and spacing grow with it. */
const TEXT_SIZES = ["100%", "200%"] as const;
const setTextSize = (page: Page, size: string) => page.evaluate((fontSize) => (document.documentElement.style.fontSize = fontSize), size);

/**
 * How far the page, and in full-screen mode the exam filling the screen, reach past the screen's
 * width (0 when the reader never scrolls sideways to read a line), and the innermost elements
 * that stick out, for the failure to name.
 */
function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const boxes = [document.documentElement, document.fullscreenElement].filter((box) => box !== null);
    const overflow = Math.max(...boxes.map((box) => box.scrollWidth - box.clientWidth));
    const width = document.documentElement.clientWidth;
    const out = [...document.body.querySelectorAll("*")].filter((element) => element.getBoundingClientRect().right > width + 0.5);
    const culprits = out
      .filter((element) => !out.some((other) => other !== element && element.contains(other)) && !element.closest("[role=region], .sr-only"))
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${Math.round(element.getBoundingClientRect().right)} px: ${element.textContent?.slice(0, 40)}`);
    return { overflow, culprits: culprits.slice(0, 8) };
  });
}

/** At each text size, the screen as it stands fits 320 px, and `check` holds. */
async function fitsAtEveryTextSize(page: Page, screen: string, check: (size: string) => Promise<void> = async () => {}) {
  for (const size of TEXT_SIZES) {
    await setTextSize(page, size);
    const { overflow, culprits } = await sidewaysOverflow(page);
    expect(overflow, `${screen} at ${size} text:\n${culprits.join("\n")}`).toBeLessThanOrEqual(0);
    await check(size);
  }
  await setTextSize(page, "");
}

/**
 * The time left, once scrolled to, is whole on the screen: not pushed off its side, nor clipped.
 * (The page cannot scroll sideways, so scrolling to it cannot bring a part beyond the side back.)
 */
async function expectTimeLeftOnScreen(timer: Locator, size: string) {
  await timer.scrollIntoViewIfNeeded();
  await expect(timer, `the time left at ${size} text`).toBeInViewport({ ratio: 1 });
}

/** What scrolls the exam: the full-screen box once the exam fills the screen, else the page. */
function scrollExamTo(page: Page, where: "top" | "bottom") {
  return page.evaluate((end) => {
    const scroller = document.fullscreenElement ?? document.scrollingElement!;
    scroller.scrollTop = end === "top" ? 0 : scroller.scrollHeight;
  }, where);
}

/**
 * The time left stays in sight while a long question scrolls under it, yet covers none of it: at
 * the top it sits above the question's heading, and a control the keyboard reaches is brought out
 * from under it, not left hidden there.
 */
async function expectTimeLeftAlwaysInSight(page: Page, timer: Locator, size: string) {
  await scrollExamTo(page, "top");
  const heading = page.getByRole("heading", { name: /^Question 1 of/ });
  expect((await timer.boundingBox())!.y + (await timer.boundingBox())!.height, `the time left above the question at ${size} text`).toBeLessThanOrEqual((await heading.boundingBox())!.y);
  await scrollExamTo(page, "bottom");
  await expect(timer, `the time left at the bottom of the question at ${size} text`).toBeInViewport({ ratio: 1 });

  // From the control before the first option, the option's box scrolled to just under the top edge: Tab reaches it.
  const firstOption = page.getByRole("radio").first();
  await firstOption.focus();
  await page.keyboard.press("Shift+Tab");
  await firstOption.evaluate((radio) => {
    const scroller = document.fullscreenElement ?? document.scrollingElement!;
    scroller.scrollTop += radio.closest("label")!.getBoundingClientRect().top - 4;
  });
  await page.keyboard.press("Tab");
  await expect(firstOption).toBeFocused();
  const bar = (await timer.boundingBox())!;
  const option = (await firstOption.boundingBox())!;
  expect(option.y, `the focused option below the time left at ${size} text`).toBeGreaterThanOrEqual(bar.y + bar.height);
  await expect(timer).toBeInViewport({ ratio: 1 });
  await scrollExamTo(page, "top");
}

/** A region that scrolls sideways inside itself, as a formula or table wider than the screen must. */
async function expectScrollsInside(region: Locator) {
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
}

test.describe("the exam at 320 px", () => {
  test("the instructions, the exam with a wide formula and table, the submit confirmation and the result fit the screen at 100 % and 200 % text, the time left in view however far the question scrolls", async ({ page }) => {
    const quizId = await wideQuizEntered(page);

    await page.goto(`/quizes/${quizId}`);
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();
    await fitsAtEveryTextSize(page, "the instructions");

    await page.getByRole("link", { name: "Next", exact: true }).click();
    const start = page.getByRole("button", { name: "Start Quiz" });
    await expect(start).toBeEnabled();
    await fitsAtEveryTextSize(page, "the start");

    await start.click();
    await expect(page.getByRole("heading", { name: "Question 1 of 26" })).toBeVisible();
    const timeLeft = page.getByRole("timer", { name: "Time left" });
    // The regions' names leave the question's own alone: its group is still named by the table's words.
    await expect(page.getByRole("group", { name: /x \(m\).*810.*What is its acceleration/ })).toHaveCount(1);
    await fitsAtEveryTextSize(page, "the exam", async (size) => {
      await expectTimeLeftOnScreen(timeLeft, size);
      await expectTimeLeftAlwaysInSight(page, timeLeft, size);
      await expectScrollsInside(page.getByRole("region", { name: "Formula, scroll sideways" }));
      await expectScrollsInside(page.getByRole("region", { name: "Table, scroll sideways" }));
    });

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    const dialog = page.getByRole("dialog", { name: "Submit your answers?" });
    await expect(dialog).toBeVisible();
    await fitsAtEveryTextSize(page, "the submit confirmation", async (size) => {
      const box = (await dialog.boundingBox())!;
      expect(box.x, `the dialog's left at ${size} text`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `the dialog's right at ${size} text`).toBeLessThanOrEqual(320);
      expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth), `the dialog at ${size} text`).toBeLessThanOrEqual(0);
    });

    await dialog.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Quiz summary" })).toBeVisible();
    await fitsAtEveryTextSize(page, "the result");
  });

  test("the demo quiz fits the screen at 100 % and 200 % text on every question, the time left in view", async ({ page }) => {
    await page.goto("/demoquiz");
    const timeLeft = page.getByRole("timer");
    for (let question = 1; question <= 10; question++) {
      await expect(page.getByRole("heading", { name: `Question ${question} of 10` })).toBeVisible();
      await fitsAtEveryTextSize(page, `the demo's question ${question}`, (size) => expectTimeLeftOnScreen(timeLeft, size));
      if (question < 10) await page.getByRole("button", { name: "Next", exact: true }).click();
    }
  });
});
