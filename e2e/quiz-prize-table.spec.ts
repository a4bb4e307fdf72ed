import { expect, test } from "@playwright/test";
import { openAdminTab, tag } from "./support/admin-panel";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A datetime-local value in India time (UTC+05:30, no daylight saving), as an admin in India types it. */
function indiaInput(at: number): string {
  return new Date(at + 330 * 60_000).toISOString().slice(0, 16);
}

test.describe("a quiz's prize table", () => {
  test("an admin sets a small quiz's own prizes, refused until the cash adds up, and /prizelisting shows them", async ({ page }) => {
    test.setTimeout(60_000);
    const title = `Pocket Quiz ${tag()}`;
    const now = Date.now();
    await openAdminTab(page, "quizzes");

    await expect(page.getByRole("heading", { name: "Add quiz" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("group", { name: "Contest model" }).getByRole("radio", { name: /^Paid entry, cash prizes/ }).check();
    await page.getByRole("checkbox", { name: "I confirm that paid entry with cash prizes is lawful where this quiz runs." }).check();
    await page.getByLabel("Entry fee (₹)").fill("10");
    await page.getByLabel("Prize money (₹)").fill("1000");
    // Registration opens tomorrow, so the prizes may still change.
    await page.getByLabel("Registration start").fill(indiaInput(now + DAY));
    await page.getByLabel("Registration end").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Exam date").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Result date").fill(indiaInput(now + 3 * DAY));

    // The new quiz starts with no tiers; the admin adds three, one rank each, short of the prize money.
    const table = page.getByRole("group", { name: "Prize table" });
    await expect(table.getByText("No prize tiers.")).toBeVisible();
    for (let tier = 0; tier < 3; tier++) await table.getByRole("button", { name: "Add prize tier" }).click();
    await expect(table.getByLabel("Tier 3: to rank")).toHaveValue("3");
    await table.getByLabel("Tier 1: cash per rank (₹)").fill("500");
    await table.getByLabel("Tier 2: cash per rank (₹)").fill("300");
    await table.getByLabel("Tier 3: cash per rank (₹)").fill("100");
    await expect(table.getByText("Cash prizes add up to ₹900; the prize money is ₹1,000.")).toBeVisible();
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(table.getByRole("alert")).toHaveText("The cash prizes add up to ₹900 but the prize money is ₹1,000.");
    await expect(page.getByText("Quiz created.")).toHaveCount(0);

    await table.getByLabel("Tier 3: cash per rank (₹)").fill("200");
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(page.getByText("Quiz created.")).toBeVisible();

    await page.goto("/prizelisting");
    const section = page.getByRole("region", { name: title });
    await expect(section).toContainText("Prize money ₹1,000");
    const prizes = section.getByRole("list", { name: `Prizes of ${title}` });
    // Only the tiers the admin added: no free passes from the default table.
    await expect(prizes.getByRole("listitem")).toHaveText([/1st prize\s*₹500/, /2nd prize\s*₹300/, /3rd prize\s*₹200/]);
    await expect(section.getByText("₹1,00,000")).toHaveCount(0);

    // Nobody has paid, so the quiz can go again and leaves the other journeys' pages as they were.
    await page.goto("/adminpanel?tab=quizzes");
    const listed = page.getByRole("region", { name: "Quizzes" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await listed.getByRole("button", { name: "Delete" }).click();
    await listed.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Quiz deleted.")).toBeVisible();
  });

  test("a new quiz starts with no prizes, so filling in only the basics saves it without a tier the admin never added", async ({ page }) => {
    const title = `Basics Quiz ${tag()}`;
    const now = Date.now();
    await openAdminTab(page, "quizzes");

    await expect(page.getByRole("heading", { name: "Add quiz" })).toBeVisible();
    await expect(page.getByLabel("Prize money (₹)")).toHaveValue("0");
    const table = page.getByRole("group", { name: "Prize table" });
    await expect(table.getByText("No prize tiers.")).toBeVisible();
    await expect(table.getByText("Cash prizes add up to ₹0; the prize money is ₹0.")).toBeVisible();

    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByRole("group", { name: "Contest model" }).getByRole("radio", { name: /^Paid entry, cash prizes/ }).check();
    await page.getByRole("checkbox", { name: "I confirm that paid entry with cash prizes is lawful where this quiz runs." }).check();
    await page.getByLabel("Registration start").fill(indiaInput(now + DAY));
    await page.getByLabel("Registration end").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Exam date").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Result date").fill(indiaInput(now + 3 * DAY));
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(page.getByText("Quiz created.")).toBeVisible();

    const listed = page.getByRole("region", { name: "Quizzes" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(listed).toContainText(/Prize money\s*₹0/);
    await listed.getByRole("button", { name: "Delete" }).click();
    await listed.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Quiz deleted.")).toBeVisible();
  });

  test("a quiz whose registration has opened shows its prizes read-only, and other edits still save", async ({ page }) => {
    await openAdminTab(page, "quizzes");
    // The seeded free-entry quiz, whose sponsored prizes are its own table.
    await page.getByRole("button", { name: "Edit quiz Olympiad Open Challenge" }).click();
    const table = page.getByRole("group", { name: "Prize table" });
    await expect(table).toContainText("Registration has opened, so the prize money and the prize table are fixed.");
    await expect(table.getByLabel("Tier 1: cash per rank (₹)")).toBeDisabled();
    await expect(table.getByLabel("Tier 1: cash per rank (₹)")).toHaveValue("5000");
    await expect(table.getByRole("button", { name: "Add prize tier" })).toHaveCount(0);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Quiz updated.")).toBeVisible();
  });
});
