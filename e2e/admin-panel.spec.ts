import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, logInThroughForm, newEmail, signUp } from "./support/accounts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function tag(): string {
  return randomBytes(3).toString("hex");
}

/** A datetime-local value in India time (UTC+05:30, no daylight saving), as an admin in India types it. */
function indiaInput(at: number): string {
  return new Date(at + 330 * 60_000).toISOString().slice(0, 16);
}

async function openAdminTab(page: Page, tab: string) {
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/adminpanel$/);
  await page.goto(`/adminpanel?tab=${tab}`);
}

test.describe("admin panel", () => {
  test("a question is added, edited in the same form, reset with Cancel, and deleted", async ({ page }) => {
    const text = `Which planet is called the red planet? ${tag()}`;
    const edited = `Which planet is known as the red planet? ${tag()}`;
    await openAdminTab(page, "questions");
    const bank = page.getByRole("list", { name: "Questions" });

    await expect(page.getByRole("heading", { name: "Add question" })).toBeVisible();
    await page.getByLabel("Question text").fill(text);
    await page.getByLabel("Subject", { exact: true }).fill("Science");
    for (const [index, option] of ["Venus", "Mars", "Jupiter", "Saturn"].entries()) {
      await page.getByLabel(`Option ${index + 1} text`).fill(option);
    }
    await page.getByRole("radio", { name: "Option 2" }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Question added.")).toBeVisible();

    const row = bank.getByRole("listitem").filter({ hasText: text });
    await expect(row).toBeVisible();
    await expect(row.getByRole("listitem").filter({ hasText: "Mars" })).toContainText("(correct)");
    await expect(row).toContainText("Not used in any quiz");

    await row.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit question" })).toBeFocused();
    await expect(page.getByLabel("Question text")).toHaveValue(text);
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Science");
    await expect(page.getByLabel("Option 3 text")).toHaveValue("Jupiter");
    await expect(page.getByRole("radio", { name: "Option 2" })).toBeChecked();
    await page.getByLabel("Question text").fill(edited);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Question updated.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Add question" })).toBeVisible();
    await expect(page.getByLabel("Question text")).toHaveValue("");

    const editedRow = bank.getByRole("listitem").filter({ hasText: edited });
    await expect(editedRow).toBeVisible();
    await expect(bank.getByText(text, { exact: true })).toHaveCount(0);

    await editedRow.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByLabel("Question text")).toHaveValue(edited);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Add question" })).toBeFocused();
    await expect(page.getByLabel("Question text")).toHaveValue("");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
    await expect(page.getByRole("radio", { name: "Option 2" })).not.toBeChecked();

    await editedRow.getByRole("button", { name: "Delete" }).click();
    await editedRow.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Question deleted.")).toBeVisible();
    await expect(bank.getByText(edited)).toHaveCount(0);
  });

  test("a CSV import with one bad row names the row and stores nothing", async ({ page }) => {
    const good = `Imported good question ${tag()}`;
    const csv = [
      "text,subject,option1,option2,option3,option4,correctOptionIndex",
      `${good},Maths,1,2,3,4,0`,
      `Imported bad question ${tag()},Maths,1,2,3,4,7`,
    ].join("\n");
    await openAdminTab(page, "questions");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/questions/export");

    await page.getByLabel("CSV file").setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Import CSV" }).click();
    await expect(page.getByText("Nothing was imported: fix the rows below and try again.")).toBeVisible();
    await expect(page.getByText("Row 3: The correct option index must be between 0 and 3.")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("list", { name: "Questions" })).toBeVisible();
    await expect(page.getByText(good)).toHaveCount(0);
  });

  test("a quiz created with open registration and two questions reaches a participant's dashboard", async ({ page, browser, baseURL }) => {
    const title = `Spring Quiz ${tag()}`;
    const now = Date.now();
    await openAdminTab(page, "quizzes");

    await expect(page.getByRole("heading", { name: "Add quiz" })).toBeVisible();
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Description").fill("A short general-knowledge round.");
    await page.getByLabel("Prize money (₹)").fill("100000");
    await page.getByLabel("Registration start").fill(indiaInput(now - HOUR));
    await page.getByLabel("Registration end").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Exam date").fill(indiaInput(now + 2 * DAY));
    await page.getByLabel("Result date").fill(indiaInput(now + 3 * DAY));
    const picker = page.getByRole("group", { name: "Questions" });
    await picker.getByRole("checkbox").nth(0).check();
    await picker.getByRole("checkbox").nth(1).check();
    await expect(picker.getByText("2 questions picked")).toBeVisible();
    await page.getByRole("button", { name: "Create quiz" }).click();
    await expect(page.getByText("Quiz created.")).toBeVisible();

    const listed = page.getByRole("region", { name: "Quizzes" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(/Questions\s*2/);

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

  test("a blog post renders its Markdown safely, takes a new title, and is gone after delete", async ({ page }) => {
    const title = `Exam day checklist ${tag()}`;
    const retitled = `${title} (revised)`;
    await openAdminTab(page, "blog");
    const add = page.getByRole("region", { name: "Add blog" });
    const manage = page.getByRole("region", { name: "Edit or delete blogs" });

    await add.getByRole("button", { name: "Publish" }).click();
    await expect(add.getByText("All fields are required")).toBeVisible();

    await add.getByLabel("Title").fill(title);
    await add.getByLabel("Author").fill("Asha Rao");
    await add.getByLabel("Category").selectOption("education");
    await add.getByLabel("Content").fill("Bring your **bold** ideas.\n\n<script>window.hacked=1</script>");
    await add.getByRole("button", { name: "Publish" }).click();
    await expect(add.getByText("Article published.")).toBeVisible();
    await expect(add.getByLabel("Title")).toHaveValue("");

    const link = manage.getByRole("link", { name: title, exact: true });
    await expect(link).toBeVisible();
    const address = await link.getAttribute("href");
    expect(address).toMatch(/^\/readblogs\/[a-z0-9-]+$/);

    await page.goto(address!);
    const article = page.getByRole("article", { name: title });
    await expect(article.locator("strong", { hasText: "bold" })).toBeVisible();
    await expect(article.getByText("<script>window.hacked=1</script>")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { hacked?: unknown }).hacked)).toBeUndefined();

    await page.goto("/adminpanel?tab=blog");
    await manage.getByRole("button", { name: `Edit blog ${title}` }).click();
    await expect(manage.getByRole("heading", { name: `Edit blog: ${title}` })).toBeFocused();
    await expect(manage.getByLabel("Author")).toHaveValue("Asha Rao");
    await manage.getByLabel("Title").fill(retitled);
    await manage.getByRole("button", { name: "Update" }).click();
    await expect(manage.getByText("Article updated.")).toBeVisible();
    await expect(manage.getByRole("link", { name: retitled })).toHaveAttribute("href", address!);

    await manage.getByRole("button", { name: `Edit blog ${retitled}` }).click();
    await manage.getByRole("button", { name: "Delete" }).click();
    await manage.getByRole("button", { name: "Yes, delete" }).click();
    await expect(manage.getByText("Article deleted.")).toBeVisible();
    await expect(manage.getByRole("link", { name: retitled })).toHaveCount(0);

    const gone = await page.goto(address!);
    expect(gone?.status()).toBe(404);
  });

  test("a notification sent to one participant, found by email, shows on their page as unread", async ({ page, browser, baseURL }) => {
    const title = `Registration open ${tag()}`;
    const body = "Registration for the spring round is open until Friday.";
    const email = newEmail();
    const participant = await browser.newContext({ baseURL });
    try {
      await signUp(participant.request, email, "Nisha Verma");
      await openAdminTab(page, "notifications");

      await page.getByRole("button", { name: "Send notification" }).click();
      await expect(page.getByText("Title and body are required.")).toBeVisible();

      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Body").fill(body);
      await page.getByLabel("Send to").selectOption("user");
      // SPEC §5: the user id starts as the admin's own.
      await expect(page.getByLabel("User id")).toHaveValue(/^[0-9a-f-]{36}$/);
      await expect(page.getByText(/^Sending to You \(/)).toBeVisible();

      await page.getByLabel("Find a user").fill(email);
      await page.getByRole("button", { name: `Choose Nisha Verma (${email})` }).click();
      await expect(page.getByText(`Sending to Nisha Verma (${email}).`)).toBeVisible();
      await page.getByRole("button", { name: "Send notification" }).click();
      await expect(page.getByText("Notification sent. Recipients: 1.")).toBeVisible();

      const inbox = await participant.newPage();
      await inbox.goto("/notification");
      await expect(inbox.getByRole("heading", { level: 1 })).toHaveText("Notification");
      const item = inbox.getByRole("listitem").filter({ hasText: title });
      await expect(item).toContainText(body);
      await expect(item.getByText("Unread")).toBeVisible();
    } finally {
      await participant.close();
    }
  });

  test("the Background Jobs tab lists every queue with its pending, running and failed jobs", async ({ page }) => {
    await openAdminTab(page, "jobs");
    await expect(page.getByRole("link", { name: "Background Jobs" })).toHaveAttribute("aria-current", "page");
    const table = page.getByRole("table", { name: /Background jobs shared by every server instance/ });
    await expect(table.getByRole("columnheader")).toHaveText(["Job", "Pending", "Running", "Failed"]);
    for (const job of ["Submitting abandoned exams at their deadline", "Delivering push notifications", "Sending email (password resets)"]) {
      const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(job.replace(/[()]/g, "\\$&")) }) });
      await expect(row.getByRole("cell")).toHaveText([/^\d+$/, /^\d+$/, /^\d+$/]);
    }
  });
});
