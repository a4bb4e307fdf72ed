import { expect, test, type BrowserContext } from "@playwright/test";
import { ADMIN, signUp } from "./support/accounts";
import { checker } from "./support/axe";
import { EXAM_BROWSER } from "./support/exam";
import { createOpenQuiz, grantVerifiedEntry } from "./support/exam-db";

test.use(EXAM_BROWSER);
// Each check opens its own context and data, and the file is the suite's longest (five checks of
// a minute or more): both workers share it rather than one finishing it alone at the end.
test.describe.configure({ mode: "parallel" });

/** Every page is checked in each language the app speaks; the language is the NEXT_LOCALE cookie. */
const languages = ["en", "hi"] as const;

/** The seeded paid quiz: open for registration, so its card offers the payment modal. */
const SEASON_2 = "5eed0000-0000-4000-8001-000000000002";

const PUBLIC_PAGES = [
  "/",
  "/login",
  "/privacypolicy",
  "/tnc",
  "/readblogs",
  "/contactus",
  "/winnerleaderboard",
  "/quizeslist",
  "/prizelisting",
  "/ForgotPasswordForm",
  "/ResetPasswordPage?token=an-expired-token",
  "/demoquiz",
];

/** The card's pay button, the payment modal and its Cancel, as each language names them. */
/** What the journey clicks and waits for, in each language. */
const TEXTS = {
  en: { pay: "Please Pay to Attend Quiz", dialog: "Payment Instruction", cancel: "Cancel", start: "Start Quiz", firstQuestion: "Question 1 of 25", submit: "Submit Quiz", confirmTitle: "Submit your answers?", confirm: "Submit", summary: "Quiz summary" },
  hi: { pay: "क्विज़ में भाग लेने के लिए कृपया भुगतान करें", dialog: "भुगतान निर्देश", cancel: "रद्द करें", start: "क्विज़ शुरू करें", firstQuestion: "प्रश्न 1 / 25", submit: "क्विज़ जमा करें", confirmTitle: "क्या आप अपने उत्तर जमा करना चाहते हैं?", confirm: "जमा करें", summary: "क्विज़ सारांश" },
};

const ADMIN_TABS = ["overview", "quizzes", "questions", "responses", "answer-keys", "notifications", "transactions", "prize-claims", "blog", "messages", "jobs", "audit"];

async function contextIn(language: string, newContext: () => Promise<BrowserContext>, baseURL: string | undefined) {
  const context = await newContext();
  await context.addCookies([{ name: "NEXT_LOCALE", value: language, url: baseURL! }]);
  return context;
}

for (const language of languages) {
  test.describe(`axe finds no serious violation (${language})`, () => {
    test("on the public pages", async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const context = await contextIn(language, () => browser.newContext({ baseURL }), baseURL);
      const page = await context.newPage();
      const axe = checker(page);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator("main")).toBeVisible();
        await axe.check(path);
      }
      axe.expectNone();
      await context.close();
    });

    test("on the participant's pages, the payment modal and the live exam", async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const context = await contextIn(language, () => browser.newContext({ baseURL }), baseURL);
      const page = await context.newPage();
      const axe = checker(page);
      const { id: userId } = await signUp(page.request);

      await page.goto("/dashboard");
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Olympiad Season 2" }) });
      await expect(card).toBeVisible();
      await axe.check("dashboard");
      await card.getByRole("checkbox").check();
      const texts = TEXTS[language];
      await card.getByRole("button", { name: texts.pay }).click();
      await expect(page.getByRole("dialog", { name: texts.dialog })).toBeVisible();
      await axe.check("payment modal");
      await page.getByRole("button", { name: texts.cancel }).click();

      for (const path of [`/quizes/${SEASON_2}`, "/notification", "/profiledetails", "/walletdetails", "/adminpanel"]) {
        await page.goto(path);
        await expect(page.locator("main")).toBeVisible();
        await axe.check(path);
      }
      await expect(page).toHaveURL(/\/unauthorized$/);

      const quizId = await createOpenQuiz();
      await grantVerifiedEntry(userId, quizId);
      await page.goto(`/quizes/${quizId}`);
      await axe.check("instructions of a verified entry");
      await page.goto(`/QuizliveSection?quizId=${quizId}`);
      await axe.check("exam before the start");
      await page.getByRole("button", { name: texts.start }).click();
      await expect(page.getByRole("heading", { name: texts.firstQuestion })).toBeVisible();
      await page.getByRole("radio").first().check();
      await axe.check("live exam");
      await page.getByRole("button", { name: texts.submit }).click();
      const confirmation = page.getByRole("dialog", { name: texts.confirmTitle });
      await expect(confirmation).toBeVisible();
      await axe.check("the confirmation before submitting");
      await confirmation.getByRole("button", { name: texts.confirm, exact: true }).click();
      await expect(page.getByRole("heading", { name: texts.summary })).toBeVisible();
      await axe.check("exam summary");
      axe.expectNone();
      await context.close();
    });
  });
}

// The admin panel is for organisers and in English only: checked once.
test.describe("axe finds no serious violation", () => {
  test("on every tab of the admin panel", async ({ browser, baseURL }) => {
    // The question bank and the audit trail are long pages: axe takes its time over them.
    test.setTimeout(360_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const axe = checker(page);
    expect((await page.request.post("/api/login", { data: ADMIN })).ok()).toBe(true);
    // The navbar and footer around the panel are the ones the other pages were checked with.
    for (const tab of ADMIN_TABS) {
      await page.goto(`/adminpanel?tab=${tab}`);
      await expect(page.getByRole("navigation", { name: "Admin panel sections" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await axe.check(`admin tab ${tab}`, "main");
    }
    axe.expectNone();
    await context.close();
  });
});
