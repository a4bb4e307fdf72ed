import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { EXAM_BROWSER, collectAlerts, enrolledParticipant, isFullscreen, questionHeading, secondsOf } from "./support/exam";
import { createOpenQuiz, recordedSequences, withDatabase } from "./support/exam-db";

test.use(EXAM_BROWSER);

const queueNote = (seconds: number) =>
  `Many participants are starting at once. You are in the queue: your quiz starts in about ${seconds} ${seconds === 1 ? "second" : "seconds"}. Your time has not started yet; keep this page open.`;
const MEDIA_REQUIRED = "You must allow camera, microphone, and screen sharing to begin the exam.";

test.describe("the proctored exam", () => {
  test("start, answer, leave full screen while the clock runs on, reload and resume, submit, and see the score once the window has closed", async ({ page }) => {
    test.setTimeout(120_000);
    const { userId, quizId } = await enrolledParticipant(page);
    const alerts = collectAlerts(page);
    // What the screen capture gives the page (the browser's fake screen is 1920 × 1080).
    await page.addInitScript(() => {
      const capture = navigator.mediaDevices.getDisplayMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getDisplayMedia = async (options) => {
        const stream = await capture(options);
        Object.assign(window, { capturedScreen: stream.getVideoTracks()[0].getSettings() });
        return stream;
      };
    });

    await page.goto(`/quizes/${quizId}`);
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();
    for (const rule of [
      "25 questions",
      "30 minutes",
      "1 mark each",
      "No negative marking",
      "No return once started",
      "One clock for everyone: the timer never stops. Leaving full-screen mode hides the questions and locks the answers until you return, and each exit is logged, but the time keeps running.",
      "Your score appears once the exam window has closed.",
    ]) {
      await expect(page.getByText(rule, { exact: true })).toBeVisible();
    }
    await page.getByRole("link", { name: "Next", exact: true }).click();
    await expect(page).toHaveURL(`/QuizliveSection?quizId=${quizId}`);

    // A hall pressing Start at once: the server first answers that this start waits its turn, then,
    // asked again at that turn, that it waits one more second. The page says so each time, counts
    // the wait down, shows no exam clock meanwhile, and is let in without another click, each time
    // sending back the place in line it was given.
    // Each retry is held until the note before it has been seen, so a slow check cannot miss one.
    const startUrl = `**/api/exam/${quizId}/start`;
    let firstNoteSeen!: () => void;
    const secondMayGo = new Promise<void>((resolve) => (firstNoteSeen = resolve));
    let noteSeen!: () => void;
    const retryMayGo = new Promise<void>((resolve) => (noteSeen = resolve));
    let starts = 0;
    const placesSent: (string | undefined)[] = [];
    await page.route(startUrl, async (route) => {
      starts++;
      placesSent.push(route.request().headers()["x-place-in-line"]);
      const place = { "x-place-in-line": "41.c2lnbmVkLXBsYWNl" };
      if (starts === 1) return route.fulfill({ status: 503, headers: { "retry-after": "3", ...place }, json: { message: queueNote(3) } });
      if (starts === 2) {
        await secondMayGo;
        return route.fulfill({ status: 503, headers: { "retry-after": "1", ...place }, json: { message: queueNote(1) } });
      }
      await retryMayGo;
      await route.continue();
    });
    await page.getByRole("button", { name: "Start Quiz" }).click();
    await expect(page.getByRole("status").filter({ hasText: queueNote(3) })).toBeVisible();
    firstNoteSeen();
    await expect(page.getByRole("timer")).toHaveText(/^Expected wait: [123] seconds?$/);
    await expect(page.getByRole("timer")).toHaveText(/^Expected wait: 1 second$/);
    await expect(page.getByRole("timer", { name: "Time left" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: queueNote(1) })).toBeVisible();
    noteSeen();
    await expect(questionHeading(page, 1)).toBeVisible();
    expect(starts).toBe(3);
    expect(placesSent).toEqual([undefined, "41.c2lnbmVkLXBsYWNl", "41.c2lnbmVkLXBsYWNl"]);
    await page.unroute(startUrl);
    await expect.poll(() => isFullscreen(page)).toBe(true);
    // The screen is captured at the size the recording draws it, in its own shape, not at the screen's.
    expect(await page.evaluate(() => (window as unknown as { capturedScreen: MediaTrackSettings }).capturedScreen)).toMatchObject({ width: 1280, height: 720 });

    for (let number = 1; number <= 3; number++) {
      await expect(questionHeading(page, number)).toBeVisible();
      await page.getByRole("radio").first().check();
      await page.getByRole("button", { name: "Next", exact: true }).click();
    }
    await expect(questionHeading(page, 4)).toBeVisible();

    // Out of full screen (SPEC §10, one clock): the questions are hidden and nothing can be
    // answered or submitted, while the timer keeps counting down.
    const timer = page.getByRole("timer", { name: "Time left" });
    await page.evaluate(() => document.exitFullscreen());
    const returnButton = page.getByRole("button", { name: "Return to full screen" });
    await expect(returnButton).toBeVisible();
    await expect(page.getByText("Full-screen mode was exited: the questions are hidden and the answers locked until you return. The timer keeps running.")).toBeVisible();
    await expect(questionHeading(page, 4)).toHaveCount(0);
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Next", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit Quiz" })).toBeDisabled();
    await expect(page.getByText("Paused", { exact: true })).toHaveCount(0);
    const leftAt = secondsOf(await timer.textContent());
    await expect.poll(async () => secondsOf(await timer.textContent())).toBeLessThanOrEqual(leftAt - 2);

    await returnButton.click();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    await expect(questionHeading(page, 4)).toBeVisible();
    await expect(page.getByRole("radio").first()).toBeEnabled();

    // A reload resumes the same attempt: same question, same answers.
    await page.reload();
    await page.getByRole("button", { name: "Resume Quiz" }).click();
    await expect(questionHeading(page, 4)).toBeVisible();
    await expect.poll(() => isFullscreen(page)).toBe(true);
    for (const number of [2, 3]) {
      await expect(page.getByRole("button", { name: `Question ${number}, answered`, exact: true })).toBeVisible();
    }
    for (const number of [3, 2, 1]) {
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(questionHeading(page, number)).toBeVisible();
      await expect(page.getByRole("radio").first()).toBeChecked();
    }
    await expect(page.getByText("Answered 3 of 25")).toBeVisible();

    await page.getByRole("button", { name: "Submit Quiz" }).click();
    await page.getByRole("dialog", { name: "Submit your answers?" }).getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("Quiz submitted successfully! Full-screen mode exited.")).toBeVisible();
    // The window is still open: submitted, and no score to give the key away (SPEC §10).
    await expect(page.getByText("Shown once the exam window has closed", { exact: true })).toBeVisible();
    await expect(page.getByText(/out of 25/)).toHaveCount(0);
    await expect(page.getByText(/^\d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => isFullscreen(page)).toBe(false);

    // The recording reached the server as one unbroken run of chunks, across the reload.
    await expect(page.getByText(/^Recording: uploaded (\d+) of \1 chunks$/)).toBeVisible({ timeout: 20_000 });
    const sequences = await recordedSequences(userId, quizId);
    expect(sequences.length).toBeGreaterThan(0);
    expect(sequences).toEqual(sequences.map((_, index) => index));
    // One chunk a second: the line names the end of the last chunk the server confirmed.
    const saved = `${String(Math.floor(sequences.length / 60)).padStart(2, "0")}:${String(sequences.length % 60).padStart(2, "0")}`;
    await expect(page.getByText(`Recording: saved up to ${saved}`, { exact: true })).toBeVisible();

    await page.goto(`/QuizliveSection?quizId=${quizId}`);
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText("You have submitted this quiz. Your score and the review appear once the exam window has closed.")).toBeVisible();
    await expect(page.getByText(/out of 25/)).toHaveCount(0);

    // Once the window has closed, the score is there.
    await withDatabase((client) => client.query("update quizzes set exam_end_at = now() where id = $1", [quizId]));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
    await expect(page.getByText(/\d+ out of 25/)).toBeVisible();
    await expect(page.getByText("wait for official result")).toBeVisible();

    await page.goto(`/quizes/${quizId}`);
    await expect(page.getByText("You have already submitted this quiz.")).toBeVisible();
    await expect(page.getByRole("link", { name: "See your result" })).toHaveAttribute("href", `/QuizliveSection?quizId=${quizId}`);
    expect(alerts).toEqual([]);
  });

  test("refusing screen sharing shows the exact alert and the exam does not start", async ({ page }) => {
    const { quizId } = await enrolledParticipant(page);
    await page.addInitScript(() => {
      navigator.mediaDevices.getDisplayMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    // Until the page's scripts have run, Start cannot work, so it is shown disabled: a tap on a
    // slow phone is not lost without a word.
    const scripts = "**/_next/static/chunks/**";
    let scriptsMayLoad!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (scriptsMayLoad = resolve));
    await page.route(scripts, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(`/QuizliveSection?quizId=${quizId}`, { waitUntil: "commit" });
    await expect(page.getByRole("button", { name: "Start Quiz" })).toBeDisabled();
    scriptsMayLoad();
    await expect(page.getByRole("button", { name: "Start Quiz" })).toBeEnabled();
    await page.unroute(scripts);

    // An open alert blocks the click from finishing, so it is answered from the listener.
    const alerts: string[] = [];
    page.once("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Start Quiz" }).click();
    await expect.poll(() => alerts).toEqual([`alert: ${MEDIA_REQUIRED}`]);

    await expect(page.getByRole("button", { name: "Start Quiz" })).toBeEnabled();
    await expect(questionHeading(page, 1)).toHaveCount(0);
    expect(await isFullscreen(page)).toBe(false);
    expect((await page.request.get(`/api/exam/${quizId}`)).status()).toBe(404);
  });

  test("a participant whose entry fee is not verified is told why and cannot start", async ({ page }) => {
    await signUp(page.request);
    const quizId = await createOpenQuiz();

    await page.goto(`/quizes/${quizId}`);
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Your entry fee for this quiz has not been verified yet." })).toBeVisible();
    await expect(page.getByRole("link", { name: "Next", exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");

    await page.goto(`/QuizliveSection?quizId=${quizId}`);
    await expect(page.getByRole("status").filter({ hasText: "Your entry fee for this quiz has not been verified yet." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Start Quiz" })).toHaveCount(0);
  });
});
