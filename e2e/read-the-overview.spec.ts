import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN, logInThroughForm } from "./support/accounts";
import { withDatabase } from "./support/exam-db";
import { openAdminPanel } from "./support/admin-panel";

/**
 * A quiz that ended a minute ago with three questions keyed A, B, D, and four takers. On the
 * second question the three strongest chose C and only the weakest chose the key B: its
 * discrimination is 0 − 1 = −1 (groups of round(27 % × 4) = 1) and C beats the key.
 */
async function finishedQuizWithAWrongKey(): Promise<{ id: string; title: string }> {
  return withDatabase(async (client) => {
    const title = `Insights e2e ${randomBytes(4).toString("hex")}`;
    const { rows } = await client.query<{ id: string }>(
      `insert into quizzes (title, name, contest_model, question_count, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
       values ($1, $1, 'paid_cash', 3, now() - interval '3 days', now() - interval '2 days', now() - interval '2 hours', now() - interval '1 minute', now() + interval '1 day')
       returning id`,
      [title],
    );
    const quizId = rows[0].id;
    const questionIds: string[] = [];
    for (const [position, key] of [0, 1, 3].entries()) {
      const question = await client.query<{ id: string }>(
        `insert into questions (text, subject, options, correct_option_index) values ($1, 'Science', array['A', 'B', 'C', 'D'], $2) returning id`,
        [`${title} question ${position + 1}`, key],
      );
      questionIds.push(question.rows[0].id);
      await client.query(`insert into quiz_questions (quiz_id, question_id, position) values ($1, $2, $3)`, [quizId, question.rows[0].id, position]);
    }
    const takers: [(number | null)[], number][] = [
      [[0, 2, 3], 2],
      [[0, 2, 3], 2],
      [[0, 2, 3], 2],
      [[1, 1, 1], 1],
    ];
    for (const [answers, score] of takers) {
      const tag = randomBytes(5).toString("hex");
      const user = await client.query<{ id: string }>(`insert into users (name, email, referral_code) values ($1, $2, $3) returning id`, [`Taker ${tag}`, `taker-${tag}@example.test`, `E2E${tag}`.toUpperCase()]);
      const attempt = await client.query<{ id: string }>(
        `insert into attempts (quiz_id, participant_id, shuffle_seed, started_at, deadline_at, time_left_seconds)
         values ($1, $2, 1, now() - interval '90 minutes', now() - interval '60 minutes', 0) returning id`,
        [quizId, user.rows[0].id],
      );
      for (const [index, choice] of answers.entries()) {
        await client.query(`insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at) values ($1, $2, $3, now() - interval '70 minutes')`, [attempt.rows[0].id, questionIds[index], choice]);
      }
      // Submitted once its answers are in: a submitted attempt's answers are frozen (migration 0023).
      await client.query(`update attempts set submitted_at = now() - interval '60 minutes', score = $2, time_taken_seconds = 1800 where id = $1`, [attempt.rows[0].id, score]);
    }
    return { id: quizId, title };
  });
}

test.describe("admin panel", () => {
  test("the Overview opens first, shows the figures, flags a question with a wrong key and downloads its tables as CSV", async ({ page }) => {
    const quiz = await finishedQuizWithAWrongKey();
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/adminpanel$/);

    const sections = page.getByRole("navigation", { name: "Admin panel sections" }).getByRole("link");
    await expect(sections.first()).toHaveText("Overview");
    await expect(sections.first()).toHaveAttribute("aria-current", "page");
    await expect(sections.nth(1)).toHaveText("Manage Quizzes");
    await expect(page.getByRole("heading", { name: "Overview", level: 2 })).toBeVisible();
    await expect(page.getByText("Registrations, last 30 days")).toBeVisible();
    await expect(page.getByText("Waiting for verification", { exact: true })).toBeVisible();
    for (const table of ["Registrations, payments and revenue by day", "Seats left per quiz whose exam has not ended"]) {
      await expect(page.getByRole("table", { name: table })).toBeVisible();
    }

    await page.getByRole("navigation", { name: "Finished quizzes" }).getByRole("link", { name: new RegExp(quiz.title) }).click();
    await expect(page).toHaveURL(new RegExp(`quiz=${quiz.id}`));
    await expect(page.getByRole("heading", { name: quiz.title, level: 4 })).toBeVisible();
    await expect(page.getByText("Question 2 (key B): the weakest takers chose the key more often than the strongest; a wrong option drew more takers than the key.")).toBeVisible();

    const items = page.getByRole("table", { name: `Item analysis of ${quiz.title}` });
    const second = items.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^2\./ }) });
    await expect(second.getByRole("cell")).toHaveText(["B", "25%", "-1.00", "0", "1", "3", "0", "–", "–", "0", "Check the key"]);
    const first = items.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^1\./ }) });
    await expect(first.getByRole("cell")).toHaveText(["A", "75%", "1.00", "3", "1", "0", "0", "–", "–", "0", ""]);
    const scores = page.getByRole("table", { name: `Score distribution of ${quiz.title}` });
    // Scores 0 to 3 (three questions): three takers scored 2, one scored 1.
    await expect(scores.getByRole("row")).toHaveText(["ScoreAttempts", "00", "11", "23", "30"]);

    // Each chart is drawn (Recharts, loaded on this tab) and hidden from assistive technology beside its table.
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    await expect(page.locator("[aria-hidden='true'] .recharts-surface").first()).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV of item analysis" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`overview-items-${quiz.id}.csv`);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.split("\r\n")[2]).toBe(`2,${quiz.title} question 2,B,no,4,0.250,-1.000,0,1,3,0,,,0,negative discrimination; distractor beats key`);

    const activity = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV of registrations, payments and revenue by day" }).click();
    expect((await readFile((await (await activity).path())!, "utf8")).split("\r\n")[0]).toBe("day,new_accounts,registrations,verified_payments,revenue_rupees,refunded_rupees");
  });

  test("the charts library is downloaded on the Overview only", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    });
    const drawsCharts = async () => (await Promise.all(scripts.splice(0))).some((source) => source.includes("recharts-surface"));
    await openAdminPanel(page);
    await expect(page.locator(".recharts-surface").first()).toBeVisible();
    expect(await drawsCharts()).toBe(true);

    await page.goto("/adminpanel?tab=jobs");
    await expect(page.getByRole("link", { name: "Background Jobs" })).toHaveAttribute("aria-current", "page");
    await page.waitForLoadState("networkidle");
    expect(await drawsCharts()).toBe(false);
  });

  test("on a 375 px phone the charts fit the screen and the page does not scroll sideways", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openAdminPanel(page);
    const chart = page.locator(".recharts-surface").first();
    await expect(chart).toBeVisible();
    expect((await chart.boundingBox())!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
