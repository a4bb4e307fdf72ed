import { expect, test } from "@playwright/test";
import { newEmail, signUp } from "./support/accounts";
import { createQuiz, submittedAttempt } from "./support/exam-db";
import { openAdminPanel } from "./support/admin-panel";

const REASON = "A second person answered questions 4 to 9 on the recording.";
const APPEAL = "That was my teacher switching the camera on; I answered every question myself.";
const ANSWER = "The recording shows the second person typing at 10:42.";

test("an admin disqualifies a submitted attempt with a reason; the participant reads it on the dashboard and appeals; the admin sees and decides the appeal", async ({ browser, baseURL }) => {
  // Two people, a login each and several server round trips: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const [participantContext, adminContext] = await Promise.all([browser.newContext({ baseURL }), browser.newContext({ baseURL })]);
  try {
    const quiz = await createQuiz({ formStart: "-3 days", formEnd: "-2 days", examStart: "-5 hours", examEnd: "-3 hours", result: "3 days" }, "Integrity e2e");
    const email = newEmail();
    const user = await signUp(participantContext.request, email, "Ravi Iyer");
    await submittedAttempt(user.id, quiz.id, 18);

    // The admin opens the response: no recording arrived, so it is flagged for review.
    const admin = await adminContext.newPage();
    await openAdminPanel(admin, `?tab=responses&quiz=${quiz.id}`);
    const row = admin.getByRole("row").filter({ hasText: email });
    await expect(row.getByRole("cell", { name: /^Flagged\b.*1 recording gap of 30 s or more$/ })).toBeVisible();
    await row.getByRole("link", { name: /View response/ }).click();
    await expect(admin.getByRole("note").filter({ hasText: "Flagged for review: 1 recording gap of 30 s or more" }).first()).toBeVisible();
    await expect(admin.getByTestId("integrity-status")).toHaveText("Status: Counts in the results.");

    // Disqualifying asks for a written reason first.
    await admin.getByRole("button", { name: "Disqualify" }).click();
    const dialog = admin.getByRole("dialog", { name: "Disqualify this attempt?" });
    await dialog.getByRole("button", { name: "Disqualify attempt" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please write why this attempt is disqualified (at least 10 characters).");
    await dialog.getByLabel("Reason (shown to the participant)").fill(REASON);
    await dialog.getByRole("button", { name: "Disqualify attempt" }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole("status").filter({ hasText: "The attempt has been disqualified." })).toBeVisible();
    await expect(admin.getByTestId("integrity-status")).toContainText(`Disqualified on`);
    await expect(admin.getByTestId("integrity-status")).toContainText(REASON);

    // The participant reads the reason on their dashboard card and appeals once.
    const participant = await participantContext.newPage();
    await participant.goto("/dashboard");
    const notice = participant.getByTestId("disqualification");
    await expect(notice).toContainText(`Disqualified. Reason: ${REASON}`);
    await notice.getByRole("link", { name: "Appeal this decision" }).click();
    await expect(participant).toHaveURL(new RegExp(`/quizes/${quiz.id}/appeal$`));
    await expect(participant.getByTestId("disqualification-reason")).toHaveText(`Reason: ${REASON}`);
    await participant.getByLabel("Your appeal").fill(APPEAL);
    await participant.getByRole("button", { name: "Send appeal" }).click();
    await expect(participant.getByTestId("appeal-outcome")).toHaveText("Awaiting the admins' decision. You will be notified.");
    await expect(participant.getByRole("button", { name: "Send appeal" })).toHaveCount(0);

    // The admin sees the appeal beside the response, and rejects it with an answer.
    await admin.reload();
    await expect(admin.getByTestId("appeal")).toContainText(APPEAL);
    await expect(admin.getByTestId("appeal")).toContainText("waiting for a decision");
    await admin.getByLabel("Reject: the attempt stays disqualified").check();
    await admin.getByLabel("Answer to the participant").fill(ANSWER);
    await admin.getByRole("button", { name: "Decide appeal" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "The appeal has been decided and the participant notified." })).toBeVisible();
    await expect(admin.getByTestId("appeal")).toContainText(": rejected");

    // The participant sees the outcome.
    await participant.goto("/dashboard");
    await expect(notice).toContainText("Your appeal was rejected.");
    await expect(notice).toContainText(`Answer: ${ANSWER}`);
  } finally {
    await Promise.all([participantContext.close(), adminContext.close()]);
  }
});
