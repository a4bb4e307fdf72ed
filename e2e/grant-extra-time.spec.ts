import { expect, test, type Page } from "@playwright/test";
import { newEmail, signUp } from "./support/accounts";
import { EXAM_BROWSER, collectAlerts, isFullscreen, questionHeading } from "./support/exam";
import { createOpenQuiz, grantVerifiedEntry } from "./support/exam-db";
import { openAdminPanel } from "./support/admin-panel";

test.use(EXAM_BROWSER);

const REASON = "Extra time for a participant with a documented writing difficulty.";

/** The participant's visible timer, in seconds. */
async function shownSecondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole("timer", { name: "Time left" }).textContent()) ?? "";
  const [minutes, seconds] = text.split(":").map(Number);
  return minutes * 60 + seconds;
}

/** The attempt's deadline as the server holds it. */
async function serverDeadline(page: Page, quizId: string): Promise<number> {
  const response = await page.request.get(`/api/exam/${quizId}/clock`);
  expect(response.status()).toBe(200);
  return Date.parse(((await response.json()) as { deadlineAt: string }).deadlineAt);
}

test("an admin grants 10 minutes of extra time during the exam: the server deadline and the participant's time left move by 10 minutes", async ({ browser, baseURL }) => {
  // Two people in two browsers.
  test.setTimeout(120_000);
  const [participantContext, adminContext] = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  try {
    const email = newEmail();
    const user = await signUp(participantContext.request, email, "Meera Pillai");
    const quizId = await createOpenQuiz();
    await grantVerifiedEntry(user.id, quizId);

    const participant = await participantContext.newPage();
    const alerts = collectAlerts(participant);
    await participant.goto(`/QuizliveSection?quizId=${quizId}`);
    await participant.getByRole("button", { name: "Start Quiz" }).click();
    await expect(questionHeading(participant, 1)).toBeVisible();
    await expect.poll(() => isFullscreen(participant)).toBe(true);
    const deadlineBefore = await serverDeadline(participant, quizId);
    const shownBefore = await shownSecondsLeft(participant);
    expect(shownBefore).toBeLessThanOrEqual(30 * 60);
    const grantedAt = Date.now();

    // The admin grants it on the quiz's responses, with the reason.
    const admin = await adminContext.newPage();
    await openAdminPanel(admin, `?tab=responses&quiz=${quizId}`);
    const panel = admin.getByRole("region", { name: "Extra time" });
    await panel.getByRole("button", { name: "Grant extra time" }).click();
    await expect(panel.getByLabel("Participant's email")).toHaveAttribute("aria-invalid", "true");
    await expect(panel.getByRole("alert").first()).toBeVisible();
    await panel.getByLabel("Participant's email").fill(email);
    await panel.getByLabel("Minutes", { exact: true }).check();
    await panel.getByLabel("Extra time (minutes)").fill("10");
    await panel.getByLabel("Reason (kept in the audit trail)").fill(REASON);
    await panel.getByRole("button", { name: "Grant extra time" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Extra time granted." })).toBeVisible();
    const grant = panel.getByTestId("extra-time-grant").filter({ hasText: email });
    await expect(grant).toContainText("10 minutes");
    await expect(grant).toContainText(REASON);
    await expect(grant).toContainText("In the running attempt");

    // The server's deadline moved by exactly 10 minutes.
    expect((await serverDeadline(participant, quizId)) - deadlineBefore).toBe(10 * 60_000);

    // The running exam learns it from its next save, says so, and its time left grows by 10 minutes.
    await participant.getByRole("radio").first().check();
    await expect(participant.getByRole("status").filter({ hasText: "Extra time added: 10 minutes." })).toBeVisible();
    // The timer takes it at its next tick (a quarter of a second).
    await expect.poll(() => shownSecondsLeft(participant)).toBeGreaterThan(shownBefore);
    const elapsed = Math.ceil((Date.now() - grantedAt) / 1000);
    const shownAfter = await shownSecondsLeft(participant);
    expect(shownAfter).toBeGreaterThanOrEqual(shownBefore + 600 - elapsed - 2);
    expect(shownAfter).toBeLessThanOrEqual(shownBefore + 600);

    // A reload resumes with the extra time, not the count this browser kept from before the grant.
    await participant.reload();
    await participant.getByRole("button", { name: "Resume Quiz" }).click();
    await expect(questionHeading(participant, 1)).toBeVisible();
    const resumed = await shownSecondsLeft(participant);
    expect(resumed).toBeGreaterThan(30 * 60);
    expect(resumed).toBeGreaterThanOrEqual(shownBefore + 600 - Math.ceil((Date.now() - grantedAt) / 1000) - 2);
    expect(alerts).toEqual([]);
  } finally {
    await Promise.all([participantContext.close(), adminContext.close()]);
  }
});
