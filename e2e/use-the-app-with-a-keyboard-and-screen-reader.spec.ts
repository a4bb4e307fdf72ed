import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminTab } from "./support/admin-panel";
import { EXAM_BROWSER, enrolledParticipant, questionHeading } from "./support/exam";
import { createQuiz, createQuizzes, markResultsPublished, removeQuizzes, submittedAttempt } from "./support/exam-db";
import { paymentScreenshot } from "./support/wallet";

// The exam needs a fake camera, microphone and screen; the other journeys do not mind them.
test.use(EXAM_BROWSER);

const PHONE = { width: 375, height: 740 };
/** The narrowest phone in use: where a word wider than the screen shows first. */
const NARROW_PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

/** As a reader who sets their browser's text to 200 % (WCAG 1.4.4): the rem-sized text and spacing double. */
const doubleTheText = (page: Page) => page.evaluate(() => (document.documentElement.style.fontSize = "200%"));

/** How wide the page is against the screen: wider, and the reader scrolls sideways to read each line. */
const pageWidth = (page: Page) => page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
const SEASON_2 = "Olympiad Season 2";
const PAY = "Please Pay to Attend Quiz";

/** The question's legend has focus, so a screen reader reads the question that just came in. */
async function expectQuestionFocused(page: Page, name: string | RegExp) {
  const question = page.getByRole("group", { name });
  await expect(question.locator("legend")).toBeFocused();
  await expect(question.getByRole("radio")).toHaveCount(4);
}

const focusIsOnBody = (page: Page) => page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

function quizCard(page: Page, title: string): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

async function openPayment(page: Page): Promise<Locator> {
  const card = quizCard(page, SEASON_2);
  await card.getByRole("checkbox", { name: "I agree to the Terms and Conditions" }).check();
  await card.getByRole("button", { name: PAY }).click();
  const dialog = page.getByRole("dialog", { name: "Payment Instruction" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("the demo quiz with a keyboard and a screen reader", () => {
  test("moves focus to each new question, announces the score and starts again on the first question", async ({ page }) => {
    await page.goto("/demoquiz");
    await expect(page.getByRole("heading", { name: "Question 1 of 10" })).toBeVisible();
    // Arriving on the page is not a navigation between questions: focus stays where the browser put it.
    expect(await focusIsOnBody(page)).toBe(true);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Question 2 of 10" })).toBeVisible();
    await expectQuestionFocused(page, /.+/);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByRole("heading", { name: "Question 1 of 10" })).toBeVisible();
    await expectQuestionFocused(page, /.+/);
    await page.getByRole("button", { name: "Question 3", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Question 3 of 10" })).toBeVisible();
    await expectQuestionFocused(page, /.+/);

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    const heading = page.getByRole("heading", { name: "Thank you for trying the demo quiz!" });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAccessibleDescription(/Your score: \d+ \/ 10/);

    await page.getByRole("button", { name: "Restart" }).click();
    await expect(page.getByRole("heading", { name: "Question 1 of 10" })).toBeVisible();
    await expectQuestionFocused(page, /.+/);
  });
});

/** An enrolled participant starts an open exam, on a browser clock the test moves forward itself. */
async function startExamOnAClockOfOurOwn(page: Page) {
  await page.clock.install();
  const { quizId } = await enrolledParticipant(page);
  await page.goto(`/QuizliveSection?quizId=${quizId}`);
  await page.getByRole("button", { name: "Start Quiz" }).click();
  await expect(questionHeading(page, 1)).toBeVisible();
}

test.describe("the exam with a keyboard and a screen reader", () => {
  test("moves focus to each new question, warns once at one minute, announces time up and then the summary", async ({ page }) => {
    test.setTimeout(90_000);
    await startExamOnAClockOfOurOwn(page);
    await expectQuestionFocused(page, /^Question 1 of 25/);

    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expectQuestionFocused(page, /^Question 2 of 25/);
    await page.getByRole("button", { name: "Previous" }).click();
    await expectQuestionFocused(page, /^Question 1 of 25/);
    await page.getByRole("button", { name: "Question 4", exact: true }).click();
    await expectQuestionFocused(page, /^Question 4 of 25/);

    // The counter itself is never a live region: it would be read out every second.
    const timer = page.getByRole("timer", { name: "Time left" });
    expect(await timer.evaluate((element) => element.closest("[aria-live]:not([aria-live=off])"))).toBeNull();
    const announcements = page.getByRole("status").filter({ hasText: /left\.|Time is up/ });
    await expect(announcements).toHaveCount(0);

    await page.clock.fastForward("29:00");
    await expect(page.getByRole("status").filter({ hasText: /^(1 minute|\d+ seconds) left\.$/ })).toHaveCount(1);

    await page.clock.fastForward("01:05");
    await expect(page.getByRole("status").filter({ hasText: "Time is up. Your answers are being submitted." })).toHaveCount(1);
    const summary = page.getByRole("heading", { name: "Quiz summary" });
    await expect(summary).toBeFocused();
    // The window is still open: no score yet (SPEC §10, scores after the window).
    await expect(summary).toHaveAccessibleDescription(/Score: Shown once the exam window has closed/);
  });

  test("after Submit Quiz the status says when the score comes, and the one-minute warning does not linger", async ({ page }) => {
    test.setTimeout(90_000);
    await startExamOnAClockOfOurOwn(page);
    await page.getByRole("radio").first().check();

    await page.clock.fastForward("29:30");
    const warning = page.getByRole("status").filter({ hasText: /^\d+ seconds left\.$/ });
    await expect(warning).toHaveCount(1);
    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Submit", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Quiz summary" })).toBeFocused();
    // The window is still open (SPEC §10, scores after the window): said in the same breath.
    await expect(page.getByRole("status").filter({ hasText: "Quiz submitted successfully! Full-screen mode exited. Your score appears once the exam window has closed." })).toHaveCount(1);
    await expect(warning).toHaveCount(0);
  });
});

test.describe("the dashboard and the payment modal with a keyboard and a screen reader", () => {
  test("a failed field is marked invalid and described by the error, and focus stays on the card after paying", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/dashboard");
    const dialog = await openPayment(page);

    await dialog.getByRole("button", { name: "Submit" }).click();
    const bankUsername = dialog.getByLabel("Bank username");
    const screenshot = dialog.getByLabel("Payment screenshot");
    for (const field of [bankUsername, screenshot]) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription("Please upload payment proof screenshot and bank username.");
    }

    await screenshot.setInputFiles(paymentScreenshot());
    await bankUsername.fill("Kavya Menon");
    const utr = dialog.getByLabel("UPI transaction reference (UTR)");
    await utr.fill("123");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(utr).toHaveAttribute("aria-invalid", "true");
    await expect(bankUsername).not.toHaveAttribute("aria-invalid", "true");
    const refusal = await dialog.getByRole("alert").textContent();
    await expect(utr).toHaveAccessibleDescription(new RegExp(refusal!.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));

    await utr.fill(`6${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog).toBeHidden();
    const card = quizCard(page, SEASON_2);
    await expect(card.getByRole("button", { name: "Verification Pending" })).toBeVisible();
    expect(await focusIsOnBody(page)).toBe(false);
    await expect(card.getByRole("status")).toBeFocused();
  });

  test("one tab stop per card's tabs, arrow keys move between them", async ({ page }) => {
    await signUp(page.request);
    await createQuiz({ formStart: "-1 day", formEnd: "5 days", examStart: "6 days", examEnd: "7 days", result: "8 days" }, "Keyboard e2e");
    await page.goto("/dashboard");
    const checkboxes = page.getByRole("checkbox", { name: "I agree to the Terms and Conditions" });
    expect(await checkboxes.count()).toBeGreaterThanOrEqual(2);
    await checkboxes.first().focus();
    const secondCheckbox = checkboxes.nth(1);
    let presses = 0;
    while (!(await secondCheckbox.evaluate((element) => element === document.activeElement)) && presses < 20) {
      await page.keyboard.press("Tab");
      presses++;
    }
    // The first card's button; the second card's skip link and its tab list.
    expect(presses).toBeLessThanOrEqual(4);

    const tabs = quizCard(page, SEASON_2).getByRole("tab");
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(tabs.nth(0)).toHaveAttribute("tabindex", "-1");
  });

  test("a keyboard crosses 31 quizzes card by card with the skip links, and no card takes more than 3 tab stops", async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page.request);
    // Registration open for a year: they come after every other quiz a participant can pay for.
    const quizzes = await createQuizzes(31, { formStart: "-1 day", formEnd: "365 days", examStart: "366 days", examEnd: "367 days", result: "368 days" }, "Long list e2e");
    try {
      await page.goto("/dashboard");
      const cards = page.getByRole("article");
      await expect(quizCard(page, quizzes[30].title)).toBeVisible();

      // Tab stops inside each card, in tab order: its own links, buttons and fields, never more than 3.
      const stops = await cards.evaluateAll((articles) =>
        articles.map((article) => ({
          title: article.querySelector("h2")?.textContent,
          stops: [...article.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
            (element) => element.tabIndex >= 0 && !element.matches(":disabled") && element.checkVisibility({ visibilityProperty: true }),
          ).length,
        })),
      );
      expect(stops.length).toBeGreaterThanOrEqual(31);
      for (const card of stops) expect(card.stops, card.title ?? "").toBeLessThanOrEqual(3);

      // The last of the 31 cards: each card on the way is passed by its skip link.
      const lastTitle = (await cards.evaluateAll((articles) => articles.map((article) => article.querySelector("h2")?.textContent ?? ""))).filter((title) =>
        quizzes.some((quiz) => quiz.title === title),
      ).at(-1)!;
      const target = quizCard(page, lastTitle).getByRole("button", { name: PAY });
      let tabs = 0;
      for (let keys = 0; keys < 300 && !(await target.evaluate((element) => element === document.activeElement)); keys++) {
        const onSkipLinkOfAnotherCard = await page.evaluate((title) => {
          const focused = document.activeElement;
          return focused?.textContent === "Skip to next quiz" && focused.closest("li")?.querySelector("h2")?.textContent !== title;
        }, lastTitle);
        if (onSkipLinkOfAnotherCard) {
          await page.keyboard.press("Enter");
        } else {
          await page.keyboard.press("Tab");
          tabs++;
        }
      }
      await expect(target).toBeFocused();
      expect(tabs).toBeLessThan(100);

      // Hidden until focused, then in sight; the list's last card skips to what follows the list.
      const lastSkip = page.getByRole("link", { name: "Skip to next quiz" }).last();
      await lastSkip.focus();
      expect((await lastSkip.boundingBox())!.width).toBeGreaterThan(20);
      await page.keyboard.press("Enter");
      const afterList = await page.evaluate(() => {
        const focused = document.activeElement;
        const list = document.querySelector("article")?.closest("ul");
        return Boolean(focused && focused !== document.body && list && !list.contains(focused) && list.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      expect(afterList).toBe(true);
    } finally {
      await removeQuizzes(quizzes.map((quiz) => quiz.id));
    }
  });

  test("at 200 % text on a phone, the card's tabs fit the card and the payment modal scrolls to Cancel", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUp(page.request);
    await page.goto("/dashboard");
    await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
    const card = quizCard(page, SEASON_2);
    const cardBox = (await card.boundingBox())!;
    // A card pushed wider than the screen by its tabs would hide them just the same.
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(PHONE.width);
    for (const tab of await card.getByRole("tab").all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    }

    const dialog = await openPayment(page);
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.y).toBeGreaterThanOrEqual(0);
    expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(PHONE.height + 0.5);
    const qrBox = (await dialog.getByRole("img", { name: /QR code/ }).boundingBox())!;
    expect(qrBox.x + qrBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width + 0.5);
    const cancel = dialog.getByRole("button", { name: "Cancel" });
    await cancel.scrollIntoViewIfNeeded();
    await expect(cancel).toBeInViewport();
    await cancel.click();
    await expect(dialog).toBeHidden();
  });

  test("at 200 % text on a 320 px phone, a long e-mail address breaks and the dashboard and the payment modal fit the screen", async ({ page }) => {
    await page.setViewportSize(NARROW_PHONE);
    // Dots are no place to break a line: without help the address is one word as wide as it is.
    const email = `kavya.menon.from.kochi.who.loves.quizzes.${randomBytes(3).toString("hex")}@example.test`;
    await signUp(page.request, email);
    await page.goto("/dashboard");
    await doubleTheText(page);
    await expect(page.getByRole("region", { name: "Please confirm your email address" })).toContainText(email);
    const dashboard = await pageWidth(page);
    expect(dashboard.page).toBeLessThanOrEqual(dashboard.screen);

    const dialog = await openPayment(page);
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(NARROW_PHONE.width);
    for (const text of await dialog.locator("p, label, span, li").all()) {
      const box = await text.boundingBox();
      if (box) expect(box.x, await text.textContent() ?? "").toBeGreaterThanOrEqual(dialogBox.x);
      if (box) expect(box.x + box.width, await text.textContent() ?? "").toBeLessThanOrEqual(dialogBox.x + dialogBox.width + 0.5);
    }
    const withModal = await pageWidth(page);
    expect(withModal.page).toBeLessThanOrEqual(withModal.screen);
  });
});

test.describe("the admin panel at 200 % text", () => {
  test("every tab fits a 1280 px screen, and the account menu stays in sight", async ({ page }) => {
    // Thirteen tabs, each rendered on the server.
    test.slow();
    await page.setViewportSize(DESKTOP);
    await openAdminTab(page, "overview");
    const tabs = page.getByRole("navigation", { name: "Admin panel sections" }).getByRole("link");
    const addresses = await tabs.evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(addresses).toHaveLength(13);
    for (const address of addresses) {
      await page.goto(address);
      await expect(tabs.and(page.locator("[aria-current=page]"))).toHaveAttribute("href", address);
      await doubleTheText(page);
      // The overview's charts take the new width a frame later, when their resize observer fires.
      await expect.poll(async () => (await pageWidth(page)).page, { message: address }).toBeLessThanOrEqual(DESKTOP.width);
      const account = (await page.getByRole("banner").getByRole("button", { name: /Admin/ }).boundingBox())!;
      expect(account.x + account.width, address).toBeLessThanOrEqual(DESKTOP.width);
    }
  });
});

test.describe("the mobile menu with a keyboard", () => {
  test("keeps Tab inside while open and gives focus back to Menu on Escape", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/prizelisting");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Olympiad menu" });
    await expect(menu).toBeVisible();
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement)), `after ${press + 1} Tab presses`).toBe(true);
    }
    for (let press = 0; press < 3; press++) {
      await page.keyboard.press("Shift+Tab");
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe("tables that scroll sideways on a phone", () => {
  test("the winners table's scroll area takes keyboard focus and scrolls with the arrow keys", async ({ page }) => {
    const quiz = await createQuiz({ formStart: "-5 days", formEnd: "-4 days", examStart: "-3 days", examEnd: "-2 days", result: "-1 day" }, "Winners e2e");
    const { id: userId } = await signUp(page.request);
    await submittedAttempt(userId, quiz.id);
    await markResultsPublished(quiz.id, 100_000);

    await page.setViewportSize(PHONE);
    await page.goto("/winnerleaderboard");
    const region = page.getByRole("region", { name: `Winners of ${quiz.title}` });
    await expect(region).toHaveAttribute("tabindex", "0");
    await region.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe("with reduced motion", () => {
  /** Shows the second poster by its dot (which proves the page is hydrated), then lets go of it so the carousel may move. */
  async function showSecondPoster(page: Page): Promise<Locator> {
    const second = page.getByRole("button", { name: /^Show poster 2 of/ });
    await second.click();
    await expect(second).toHaveAttribute("aria-current", "true");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    return second;
  }

  test("the home carousel stays on its poster and the page does not scroll smoothly", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    let second = await showSecondPoster(page);
    await page.clock.fastForward(10_000);
    // Time for a render the interval would have caused: the assertion below must not pass before it.
    await page.waitForTimeout(1000);
    await expect(second).toHaveAttribute("aria-current", "true");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");

    // With motion allowed, the same carousel moves on.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.reload();
    second = await showSecondPoster(page);
    await page.clock.fastForward(10_000);
    await expect(second).toHaveAttribute("aria-current", "false");
  });
});
