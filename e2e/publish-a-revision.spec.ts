import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { newEmail, signUp } from "./support/accounts";
import { checker } from "./support/axe";
import { withDatabase } from "./support/exam-db";
import { closedQuiz, submittedAttempt } from "./support/results";
import { openAdminPanel } from "./support/admin-panel";

/** Aarav and Meera tie for first (₹1,000 + ₹500 split); Rohan is third (₹300). */
const PARTICIPANTS = [
  { name: "Aarav Iyer", answers: [1, 2], seconds: 900 },
  { name: "Meera Pillai", answers: [1, 2], seconds: 900 },
  { name: "Rohan Das", answers: [1, 0], seconds: 600 },
];

const CHEATED = "A second person answers the questions in Aarav's recording.";
/** ₹1,800 of prize money over three ranks. */
const PRIZES = [100_000, 50_000, 30_000];

const REASON = "Aarav Iyer was disqualified after publication: a second person answers his questions in the recording.";

async function digests(quizId: string): Promise<string[]> {
  return withDatabase(async (client) => (await client.query<{ digest: string }>(`select digest from published_results where quiz_id = $1 order by revision`, [quizId])).rows.map((row) => row.digest));
}

test("an admin publishes a revision with a reason after a late disqualification; the winners page shows the current version and the superseded one", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all([...PARTICIPANTS, "admin", "visitor"].map(() => browser.newContext({ baseURL, acceptDownloads: true })));
  const [aarav, , rohan, admin, visitor] = contexts;
  try {
    const title = `Revised Olympiad ${randomBytes(3).toString("hex")}`;
    const users = await Promise.all(PARTICIPANTS.map((participant, index) => signUp(contexts[index].request, newEmail(), participant.name)));
    const { quizId, aaravAttempt } = await withDatabase(async (client) => {
      const { quizId: id, questionIds } = await closedQuiz(client, title, PRIZES);
      const attemptIds: string[] = [];
      for (const [index, participant] of PARTICIPANTS.entries()) attemptIds.push(await submittedAttempt(client, id, users[index].id, participant.seconds, questionIds, participant.answers));
      return { quizId: id, aaravAttempt: attemptIds[0] };
    });

    // The key goes out, its objection window passes, the results are published.
    const adminPage = await admin.newPage();
    await openAdminPanel(adminPage, `?tab=answer-keys&quiz=${quizId}`);
    await adminPage.getByRole("button", { name: "Publish answer key" }).click();
    await adminPage.getByRole("button", { name: "Yes, publish the key" }).click();
    await expect(adminPage.getByText(/^Provisional key published /)).toBeVisible();
    await withDatabase((client) => client.query(`update quizzes set answer_key_published_at = now() - interval '49 hours' where id = $1`, [quizId]));
    await adminPage.goto(`/adminpanel?tab=responses&quiz=${quizId}`);
    await adminPage.getByRole("button", { name: "Publish results" }).click();
    await adminPage.getByRole("dialog").getByRole("button", { name: "Yes, publish the results" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "Results published." })).toBeVisible();
    const [first] = await digests(quizId);
    // Rohan, third, takes his certificate of the first version.
    expect((await rohan.request.get(`/api/certificates/${quizId}`)).status()).toBe(200);
    const certificate = await withDatabase(async (client) => (await client.query<{ verification_id: string }>(`select verification_id from certificates where quiz_id = $1 and participant_id = $2`, [quizId, users[2].id])).rows[0].verification_id);

    // A cheat found afterwards: Aarav is disqualified, which changes nothing public yet.
    await adminPage.goto(`/adminpanel?tab=responses&quiz=${quizId}&response=${aaravAttempt}`);
    await expect(adminPage.getByText("Results are published: a decision here changes them only when you publish a revision of the results")).toBeVisible();
    await adminPage.getByRole("button", { name: "Disqualify" }).click();
    const disqualify = adminPage.getByRole("dialog", { name: "Disqualify this attempt?" });
    await disqualify.getByLabel("Reason (shown to the participant)").fill(CHEATED);
    await disqualify.getByRole("button", { name: "Disqualify attempt" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "The attempt has been disqualified." })).toBeVisible();

    await adminPage.goto(`/adminpanel?tab=responses&quiz=${quizId}`);
    const results = adminPage.getByRole("region", { name: "Published results" });
    await expect(results.getByTestId("results-version")).toHaveCount(1);
    await expect(results.getByTestId("results-version")).toContainText(first);
    await expect(adminPage.getByRole("button", { name: "Publish results" })).toHaveCount(0);
    await results.getByRole("button", { name: "Publish revision 2" }).click();
    await expect(results.getByRole("alert")).toHaveText("Please write why the results are revised (at least 20 characters): every participant reads it.");
    await results.getByLabel("Reason (every participant reads it)").fill(REASON);
    await results.getByRole("button", { name: "Publish revision 2" }).click();
    const confirm = adminPage.getByRole("dialog", { name: "Publish revision 2?" });
    await expect(confirm).toContainText(REASON);
    await confirm.getByRole("button", { name: "Publish revision 2" }).click();
    await expect(adminPage.getByRole("status").filter({ hasText: "Revision 2 published. Every participant has been told why." })).toBeVisible();
    await expect(results.getByTestId("results-version")).toHaveCount(2);
    const second = (await digests(quizId))[1];
    await expect(results.getByTestId("results-version").first()).toContainText(`Revision 2 (current)`);
    await expect(results.getByTestId("results-version").first()).toContainText(REASON);
    await expect(results.getByTestId("results-version").last()).toContainText(`Revision 1 (superseded)`);
    const adminAxe = checker(adminPage);
    await adminAxe.check("the quiz's published results and the revision form");
    adminAxe.expectNone();

    // Everyone sees both versions: the current one's winners, and the first one below, with its digest.
    const leaderboard = await visitor.newPage();
    await leaderboard.goto("/winnerleaderboard");
    const winners = leaderboard.getByRole("region", { name: title, exact: true });
    await expect(winners.getByTestId(`version-${quizId}`)).toContainText("Revision 2 of the results, published on");
    await expect(winners).toContainText(`Why it was revised: ${REASON}`);
    await expect(winners.getByRole("row").filter({ hasText: PARTICIPANTS[0].name })).toHaveCount(0);
    const meera = winners.getByRole("row").filter({ hasText: PARTICIPANTS[1].name });
    await expect(meera.getByRole("cell", { name: "1st", exact: true })).toBeVisible();
    await expect(meera.getByRole("cell", { name: "₹1,000", exact: true })).toBeVisible();
    const rohanRow = winners.getByRole("row").filter({ hasText: PARTICIPANTS[2].name });
    await expect(rohanRow.getByRole("cell", { name: "2nd", exact: true })).toBeVisible();
    await expect(rohanRow.getByRole("cell", { name: "₹500", exact: true })).toBeVisible();
    await expect(winners.getByTestId(`digest-${quizId}`)).toHaveText(second);
    const superseded = winners.getByRole("region", { name: "Earlier versions (superseded)" });
    await expect(superseded.getByTestId(`superseded-${quizId}-1`)).toContainText("Revision 1, published on");
    await expect(superseded.getByTestId(`superseded-${quizId}-1`)).toContainText(first);
    // Its results file stays downloadable: the bytes its digest covers.
    const [download] = await Promise.all([leaderboard.waitForEvent("download"), superseded.getByRole("link", { name: "Download the results file of revision 1" }).click()]);
    expect(createHash("sha256").update(await readFile(await download.path(), "utf8")).digest("hex")).toBe(first);

    const axe = checker(leaderboard);
    await axe.check("winners with a superseded version");
    await leaderboard.goto("/winnerleaderboard?lang=hi");
    await expect(leaderboard.getByRole("region", { name: "पिछले संस्करण (अब लागू नहीं)" }).getByTestId(`superseded-${quizId}-1`)).toContainText(first);
    await axe.check("winners with a superseded version, in Hindi");
    axe.expectNone();

    // Rohan's certificate of the first version says it is superseded, and where the current results are.
    await leaderboard.goto(`/certificates/${certificate}?lang=en`);
    await expect(leaderboard.getByRole("heading", { name: "This certificate is genuine, but a revision of the results has superseded it." })).toBeVisible();
    const supersededCertificate = leaderboard.getByTestId("certificate-superseded");
    await expect(supersededCertificate).toContainText("It states revision 1 of the results; revision 2, published on");
    await expect(supersededCertificate).toContainText("Result in the current version: Rank 2, prize ₹500");
    const certificateAxe = checker(leaderboard);
    await certificateAxe.check("a superseded certificate");
    certificateAxe.expectNone();
    await supersededCertificate.getByRole("link", { name: "See the current results and why they were revised" }).click();
    await expect(leaderboard).toHaveURL(new RegExp(`/winnerleaderboard#winners-${quizId}$`));

    // The disqualified winner is told why, like everyone the results ranked, with the new digest and his pseudonym (by a job: it may take a moment).
    const pseudonym = await withDatabase(async (client) => (await client.query<{ pseudonym: string }>(`select pseudonym from result_rows where quiz_id = $1 and participant_id = $2`, [quizId, users[0].id])).rows[0].pseudonym);
    const inbox = await aarav.newPage();
    await expect(async () => {
      await inbox.goto("/notification");
      const notice = inbox.getByRole("listitem").filter({ hasText: `Results revised: ${title}` });
      for (const expected of [REASON, second, pseudonym]) await expect(notice).toContainText(expected, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
