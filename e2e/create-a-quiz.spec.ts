import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";
import { openAdminTab, tag } from "./support/admin-panel";
import { withDatabase } from "./support/exam-db";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A datetime-local value in India time (UTC+05:30, no daylight saving), as an admin in India types it. */
function indiaInput(at: number): string {
  return new Date(at + 330 * 60_000).toISOString().slice(0, 16);
}

test.describe("admin panel", () => {
  test("a quiz created with open registration and two questions reaches a participant's dashboard", async ({ page, browser, baseURL }) => {
    const title = `Spring Quiz ${tag()}`;
    const now = Date.now();
    await openAdminTab(page, "quizzes");

    await expect(page.getByRole("heading", { name: "Add quiz" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Description", { exact: true }).fill("A short general-knowledge round.");
    const models = page.getByRole("group", { name: "Contest model" });
    await expect(models.getByRole("radio", { checked: true })).toHaveCount(0);
    await page.getByLabel("Marks for a correct answer").fill("3");
    await page.getByLabel("Marks deducted for a wrong answer").fill("1");
    await page.getByLabel("Registration start").fill(indiaInput(now - HOUR));
    await page.getByLabel("Registration end").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Exam date").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Result date").fill(indiaInput(now + 3 * DAY));
    const picker = page.getByRole("group", { name: "Questions" });
    // Two seeded questions by their text: the newest rows may be another journey's, made meanwhile.
    await picker.getByRole("checkbox", { name: /^A stone is dropped from rest/ }).check();
    await picker.getByRole("checkbox", { name: /^Asha walks 5 km north/ }).check();
    await expect(picker.getByText("2 questions picked")).toBeVisible();
    // No model is picked for the admin, and paid entry with cash prizes asks for the confirmation.
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(models.getByRole("alert")).toHaveText(/^Choose a contest model/);
    await models.getByRole("radio", { name: /^Paid entry, cash prizes/ }).check();
    const lawful = page.getByRole("checkbox", { name: "I confirm that paid entry with cash prizes is lawful where this quiz runs." });
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(models.getByRole("alert")).toHaveText("Paid entry with cash prizes needs your confirmation that it is lawful where this quiz runs.");
    await expect(page.getByText("Quiz created.")).toHaveCount(0);
    await lawful.check();
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(page.getByText("Quiz created.")).toBeVisible();

    const listed = page.getByRole("region", { name: "Quizzes" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(/Questions\s*2/);
    // Registration has opened: the marking scheme is shown as set, and fixed.
    await listed.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Marks for a correct answer")).toHaveValue("3");
    await expect(page.getByLabel("Marks deducted for a wrong answer")).toHaveValue("1");
    await expect(page.getByLabel("Marks deducted for a wrong answer")).toHaveJSProperty("readOnly", true);
    await page.getByRole("button", { name: "Cancel" }).click();

    const participant = await browser.newContext({ baseURL });
    try {
      await signUp(participant.request);
      const dashboard = await participant.newPage();
      await dashboard.goto("/dashboard");
      await expect(dashboard.getByRole("article", { name: title })).toBeVisible();
    } finally {
      await participant.close();
    }

    // Nobody has paid yet, so the quiz can go again and leaves other tests' dashboards as they were.
    await listed.getByRole("button", { name: "Delete" }).click();
    await listed.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Quiz deleted.")).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
  });

  test("Duplicate opens the copy in the form with the original's values, and creates it only when saved", async ({ page }) => {
    const original = "Olympiad Open Challenge";
    const quizzesTitled = (pattern: string) =>
      withDatabase(async (client) => (await client.query<{ count: number }>("select count(*)::int as count from quizzes where title like $1", [pattern])).rows[0].count);
    const before = await quizzesTitled(`${original}%`);
    await openAdminTab(page, "quizzes");

    await page.getByRole("button", { name: `Duplicate quiz ${original}` }).click();
    await expect(page.getByRole("heading", { name: `Duplicate quiz: ${original}` })).toBeFocused();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${original} (copy)`);
    await expect(page.getByLabel("Description", { exact: true })).toHaveValue(/^Ten questions, free to enter/);
    await expect(page.getByRole("group", { name: "Contest model" }).getByRole("radio", { name: /^Free entry, sponsored prizes/ })).toBeChecked();
    await expect(page.getByLabel("Entry fee (₹)")).toHaveValue("0");
    await expect(page.getByLabel("Prize money (₹)")).toHaveValue("10000");
    // The original's registration has opened, which fixes its prizes; the copy's are its own to set.
    const table = page.getByRole("group", { name: "Prize table" });
    await expect(table.getByLabel("Tier 1: cash per rank (₹)")).toHaveValue("5000");
    await expect(table.getByLabel("Tier 1: cash per rank (₹)")).toBeEnabled();
    await expect(page.getByRole("group", { name: "Questions" }).getByText("10 questions picked")).toBeVisible();
    expect(await quizzesTitled(`${original}%`)).toBe(before);

    const title = `Open Challenge Copy ${tag()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(page.getByText("Quiz created.")).toBeVisible();
    expect(await quizzesTitled(title)).toBe(1);
    expect(await quizzesTitled(`${original}%`)).toBe(before);

    const listed = page.getByRole("region", { name: "Quizzes" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(listed).toContainText(/Questions\s*10/);
    // Nobody has registered, so the copy can go again and leaves other tests' dashboards as they were.
    await listed.getByRole("button", { name: "Delete" }).click();
    await listed.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Quiz deleted.")).toBeVisible();
  });
});
