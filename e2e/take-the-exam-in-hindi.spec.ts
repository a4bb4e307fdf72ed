import { expect, test, type Page } from "@playwright/test";
import { EXAM_BROWSER, collectAlerts, enrolledParticipant, isFullscreen, secondsOf } from "./support/exam";
import { storedAnswers, withDatabase } from "./support/exam-db";
import { demoQuestions } from "@/lib/seed/demo-questions";

// A browser that prefers Hindi: the app speaks Hindi until the participant switches.
test.use({ ...EXAM_BROWSER, locale: "hi-IN" });

const FOCUS_EVENTS = "**/api/exam/*/focus-events";

const hindiHeading = (page: Page, number: number) => page.getByRole("heading", { name: `प्रश्न ${number} / 25`, exact: true });
const englishHeading = (page: Page, number: number) => page.getByRole("heading", { name: `Question ${number} of 25`, exact: true });
/** The header's switch; out of sight while the exam is in full-screen mode. */
const headerSwitch = (page: Page, to: "English" | "हिन्दी") => page.getByRole("banner").getByRole("button", { name: to, exact: true });
/** The exam's own switch, at hand in full-screen mode. */
const examSwitch = (page: Page, to: "English" | "हिन्दी") => page.getByRole("main").getByRole("button", { name: to, exact: true });

/** The chunk count in "Recording: uploaded 3 of 4 chunks", said in either language. */
async function recordedChunks(page: Page): Promise<number> {
  const line = await page.getByText(/^(Recording: uploaded \d+ of \d+ chunks|रिकॉर्डिंग: \d+ में से \d+ हिस्से अपलोड हुए)$/).textContent();
  const [, english, hindi] = /of (\d+) chunks|: (\d+) में से/.exec(line ?? "") ?? [];
  return Number(english ?? hindi);
}

/** A question's English text and its Hindi version's (null without one). */
function questionWording(questionId: string): Promise<{ text: string; textHi: string | null }> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ text: string; text_hi: string | null }>(`select text, text_hi from questions where id = $1`, [questionId]);
    return { text: rows[0].text, textHi: rows[0].text_hi };
  });
}

/** The question on screen: its id is in its options' radio group name. */
async function questionOnScreen(page: Page) {
  const name = await page.getByRole("radio").first().getAttribute("name");
  return questionWording(name!.replace("question-", ""));
}

/** The proctoring events the server holds for the participant's attempt. */
function loggedEvents(userId: string, quizId: string): Promise<string[]> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ kind: string }>(
      `select fe.kind from focus_events fe join attempts a on a.id = fe.attempt_id where a.participant_id = $1 and a.quiz_id = $2 order by fe.occurred_at`,
      [userId, quizId],
    );
    return rows.map((row) => row.kind);
  });
}

test.describe("the exam in Hindi", () => {
  test("a Hindi reader takes the exam in Hindi, switches to English mid-exam and back, and loses no answer, time or recording", async ({ page }) => {
    test.setTimeout(120_000);
    const { userId, quizId } = await enrolledParticipant(page);
    const alerts = collectAlerts(page);

    await page.goto(`/quizes/${quizId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { name: "निर्देश" })).toBeVisible();
    for (const rule of ["25 प्रश्न", "30 मिनट", "प्रत्येक प्रश्न 1 अंक", "कोई नकारात्मक अंकन नहीं", "शुरू करने के बाद वापस नहीं लौट सकते"]) {
      await expect(page.getByText(rule, { exact: true })).toBeVisible();
    }
    await page.getByRole("link", { name: "अगला", exact: true }).click();

    await page.getByRole("button", { name: "क्विज़ शुरू करें" }).click();
    await expect(hindiHeading(page, 1)).toBeVisible();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await expect(page.getByRole("timer", { name: "बचा हुआ समय" })).toBeVisible();
    // The seeded questions have Hindi versions: shown, marked as Hindi.
    const first = await questionOnScreen(page);
    expect(first.textHi).not.toBeNull();
    await expect(page.locator("legend [lang=hi]").filter({ hasText: first.textHi! })).toBeVisible();
    await expect(page.getByText(first.text, { exact: true })).toHaveCount(0);

    // Question n gets option n (B, C, D): a different answer on each, all to be found again.
    const chosen: Record<string, number> = {};
    for (const number of [1, 2, 3]) {
      await expect(hindiHeading(page, number)).toBeVisible();
      const radio = page.getByRole("radio").nth(number);
      await radio.check();
      const questionId = (await radio.getAttribute("name"))!.replace("question-", "");
      chosen[questionId] = number;
      await page.getByRole("button", { name: "अगला", exact: true }).click();
    }
    await expect(hindiHeading(page, 4)).toBeVisible();
    await expect(page.getByRole("button", { name: "प्रश्न 3, उत्तर दिया गया" })).toBeVisible();
    await expect(page.getByText(/^रिकॉर्डिंग: \d+ में से \d+ हिस्से अपलोड हुए$/)).toBeVisible({ timeout: 10_000 });

    // The header is out of sight in full screen: leave it, switch there, come back.
    const timer = page.getByRole("timer");
    // The same element before and after: the exam is drawn again in English, not started again.
    await timer.evaluate((element) => element.setAttribute("data-before-switch", ""));
    await page.evaluate(() => document.exitFullscreen());
    await expect(page.getByRole("button", { name: "फ़ुल स्क्रीन पर लौटें" })).toBeVisible();
    const timeBeforeSwitch = await timer.textContent();
    const chunksBeforeSwitch = await recordedChunks(page);
    // A copy just before the switch, held on this device while the server takes no proctoring
    // events: the log must still send it once the server is back.
    await page.route(FOCUS_EVENTS, (route) => route.fulfill({ status: 503, json: { message: "Service unavailable" } }));
    await page.evaluate(() => document.dispatchEvent(new Event("copy", { bubbles: true, cancelable: true })));
    await headerSwitch(page, "English").click();

    await expect(page.locator("html")).toHaveAttribute("lang", "en-IN");
    // Focus stays where the reader was, on the switch, now offering Hindi.
    await expect(headerSwitch(page, "हिन्दी")).toBeFocused();
    await page.unroute(FOCUS_EVENTS);
    await expect(page.getByRole("timer", { name: "Time left" })).toHaveAttribute("data-before-switch", "");
    // One clock (SPEC §10): out of full screen the questions are hidden and the time runs on, never restarted.
    await expect(englishHeading(page, 4)).toHaveCount(0);
    await expect.poll(async () => secondsOf(await page.getByRole("timer").textContent())).toBeLessThan(secondsOf(timeBeforeSwitch));
    await page.getByRole("button", { name: "Return to full screen" }).click();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await expect(englishHeading(page, 4)).toBeVisible();
    const fourth = await questionOnScreen(page);
    await expect(page.locator("legend [lang=en]").filter({ hasText: fourth.text })).toBeVisible();
    await expect(page.getByText(fourth.textHi!, { exact: true })).toHaveCount(0);
    await expect.poll(() => recordedChunks(page), { timeout: 10_000 }).toBeGreaterThan(chunksBeforeSwitch);
    await expect(page.getByText("Answered 3 of 25")).toBeVisible();
    for (const number of [3, 2, 1]) {
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(englishHeading(page, number)).toBeVisible();
      await expect(page.getByRole("radio").nth(number)).toBeChecked();
    }

    // In full screen, the exam's own switch: back to Hindi without leaving it.
    await examSwitch(page, "हिन्दी").click();
    await expect(hindiHeading(page, 1)).toBeVisible();
    await expect(examSwitch(page, "English")).toBeFocused();
    await expect(page.getByRole("radio").nth(1)).toBeChecked();
    expect(await isFullscreen(page)).toBe(true);

    await page.getByRole("button", { name: "क्विज़ जमा करें" }).click();
    await page.getByRole("dialog", { name: "क्या आप अपने उत्तर जमा करना चाहते हैं?" }).getByRole("button", { name: "जमा करें", exact: true }).click();
    await expect(page.getByText("क्विज़ सफलतापूर्वक जमा हो गई! फ़ुल-स्क्रीन मोड बंद हो गया।")).toBeVisible();
    // The quiz's window is still open: "Submitted", and the score once it has closed (SPEC §10).
    await expect(page.getByText("परीक्षा की अवधि समाप्त होने के बाद दिखाया जाएगा", { exact: true })).toBeVisible();
    await expect(page.getByText(/^25 में से \d+$/)).toHaveCount(0);
    expect(await storedAnswers(userId, quizId)).toEqual(chosen);
    expect(await loggedEvents(userId, quizId)).toContain("copy");

    await page.goto(`/QuizliveSection?quizId=${quizId}`);
    await expect(page.getByRole("heading", { name: "धन्यवाद!" })).toBeVisible();
    await expect(page.getByText("कृपया आधिकारिक परिणाम की प्रतीक्षा करें।")).toBeVisible();
    await expect(page.getByRole("link", { name: "होम पर जाएँ" })).toHaveAttribute("href", "/");
    expect(alerts).toEqual([]);
  });

  test("a refusal and its date are said in Hindi", async ({ page }) => {
    const { quizId } = await enrolledParticipant(page);
    await withDatabase((client) => client.query(`update quizzes set exam_start_at = now() + interval '2 hours' where id = $1`, [quizId]));

    await page.goto(`/quizes/${quizId}`);
    await expect(page.getByRole("status").filter({ hasText: "परीक्षा" })).toHaveText(/^परीक्षा .+ IST को शुरू होगी।$/);
    await expect(page.getByRole("link", { name: "डैशबोर्ड पर वापस जाएँ" })).toHaveAttribute("href", "/dashboard");
  });
});

test.describe("the demo quiz in Hindi", () => {
  test("is shown in Hindi and keeps its answers when the reader switches to English", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto("/demoquiz");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { name: "डेमो ओलंपियाड क्विज़" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "प्रश्न 1 / 10" })).toBeVisible();
    await expect(page.getByRole("timer", { name: "बचा हुआ समय" })).toBeVisible();
    // The seeded questions have Hindi versions: shown, marked as Hindi.
    const [first, second] = demoQuestions;
    // The first is a formula question: its Hindi words, and its formula rendered by KaTeX.
    await expect(page.locator("legend[lang=hi]")).toContainText("का कौन-सा मान इस समीकरण को संतुष्ट करता है?");
    await expect(page.locator("legend[lang=hi] .katex-display")).toBeVisible();
    await page.getByRole("radio").nth(first.correctOptionIndex).check();
    await page.getByRole("button", { name: "अगला", exact: true }).click();
    await expect(page.getByRole("heading", { name: "प्रश्न 2 / 10" })).toBeVisible();

    await headerSwitch(page, "English").click();
    await expect(page.getByRole("heading", { name: "Question 2 of 10" })).toBeVisible();
    await expect(page.locator("legend[lang=en]")).toHaveText(second.text);
    await page.getByRole("button", { name: "Question 1, answered" }).click();
    await expect(page.getByRole("radio").nth(first.correctOptionIndex)).toBeChecked();

    await headerSwitch(page, "हिन्दी").click();
    await page.getByRole("button", { name: "क्विज़ जमा करें" }).click();
    await expect(page.getByRole("heading", { name: "डेमो क्विज़ आज़माने के लिए धन्यवाद!" })).toBeVisible();
    await expect(page.getByText("आपका स्कोर: 1 / 10", { exact: true })).toBeVisible();
    await expect(page.getByText(/^लिया गया समय: \d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "फिर से शुरू करें" })).toBeVisible();
  });
});
