import type { Page } from "@playwright/test";
import { signUp } from "./accounts";
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from "./chromium";
import { createOpenQuiz, grantVerifiedEntry } from "./exam-db";

/**
 * playwright.config.ts's Chromium arguments plus fake camera, microphone and screen: with these,
 * getUserMedia, getDisplayMedia, MediaRecorder (webm/vp9) and requestFullscreen work headless.
 * For `test.use(EXAM_BROWSER)`.
 */
export const EXAM_BROWSER = {
  launchOptions: {
    executablePath: HEADLESS_SHELL_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // The fake camera and screen at one frame a second, not their 20: the exam still draws and
      // records its 30 fps composite, and drawing the fakes' frames was a third of the browser's
      // work in an exam journey (22.6 → 14.6 s of CPU in take-a-proctored-exam).
      "--use-fake-device-for-media-stream=fps=1",
      "--use-fake-ui-for-media-stream",
      "--auto-select-desktop-capture-source=Entire screen",
      "--enable-usermedia-screen-capturing",
    ],
  },
};

/** A new participant whose entry fee for a new, open quiz is verified. */
export async function enrolledParticipant(page: Page) {
  const user = await signUp(page.request);
  const quizId = await createOpenQuiz();
  await grantVerifiedEntry(user.id, quizId);
  return { userId: user.id, quizId };
}

export const isFullscreen = (page: Page) => page.evaluate(() => document.fullscreenElement !== null);

export function questionHeading(page: Page, number: number) {
  return page.getByRole("heading", { name: `Question ${number} of 25` });
}

/**
 * Leaving mid-exam asks for confirmation (beforeunload): accepted. Any other dialog is collected
 * in the list returned, which a test expects to stay empty.
 */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    if (dialog.type() !== "beforeunload") alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

const indiaDayAndTime = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" });

/** What a verified participant's dashboard card says before the exam window: "Exam opens 30 Nov, 10:00 am". */
export function examOpensText(examStartAt: Date): string {
  return `Exam opens ${indiaDayAndTime.format(examStartAt)}`;
}

/** The seconds a timer's text ("29:58", "1:02:03") shows. */
export function secondsOf(text: string | null | undefined): number {
  return (text ?? "").trim().split(":").reduce((total, part) => total * 60 + Number(part), 0);
}
