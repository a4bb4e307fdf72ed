import { expect, test } from "@playwright/test";
import { openAdminTab, tag } from "./support/admin-panel";

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

  test("an integer question is written with its range, previewed with the number box participants type in, and listed with its accepted answer", async ({ page }) => {
    const text = `How many primes are there below 20? ${tag()}`;
    await openAdminTab(page, "questions");
    await page.getByLabel("Question text").fill(text);
    await page.getByLabel("Subject", { exact: true }).fill("Mathematics");
    await page.getByLabel("Answer type").selectOption("integer");
    await expect(page.getByLabel("Option 1 text")).toHaveCount(0);
    await page.getByLabel("Accepted answers").fill("120");
    await page.getByLabel("Smallest answer allowed").fill("0");
    await page.getByLabel("Largest answer allowed").fill("99");
    await expect(page.getByLabel("Largest answer allowed")).toHaveAttribute("inputmode", "numeric");

    const preview = page.getByRole("region", { name: "Preview as participants see it" });
    const box = preview.getByRole("textbox", { name: "Type a whole number from 0 to 99" });
    await expect(box).toHaveCount(2);
    await expect(box.first()).toHaveAttribute("inputmode", "numeric");
    await expect(preview).toContainText("Integer (typed) · Accepted: 120 (answers allowed from 0 to 99)");

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Each accepted answer must lie within the range of answers allowed.")).toBeVisible();
    await page.getByLabel("Accepted answers").fill("8");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Question added.")).toBeVisible();
    const row = page.getByRole("list", { name: "Questions" }).getByRole("listitem").filter({ hasText: text });
    await expect(row).toContainText("Integer (typed)");
    await expect(row).toContainText("Accepted: 8; answers from 0 to 99");
  });

  test("a question with a Hindi version is refused half done, then added whole and marked हिन्दी in the list", async ({ page }) => {
    const text = `How many days are there in a week? ${tag()}`;
    await openAdminTab(page, "questions");
    const bank = page.getByRole("list", { name: "Questions" });

    await page.getByLabel("Question text").fill(text);
    await page.getByLabel("Subject", { exact: true }).fill("General Knowledge");
    for (const [index, option] of ["5", "6", "7", "8"].entries()) {
      await page.getByLabel(`Option ${index + 1} text`).fill(option);
    }
    await page.getByRole("radio", { name: "Option 3" }).check();
    const hindi = page.getByRole("group", { name: "Hindi version (optional)" });
    await expect(hindi.getByLabel("Question (Hindi)")).toHaveAttribute("lang", "hi");
    await hindi.getByLabel("Question (Hindi)").fill("एक सप्ताह में कितने दिन होते हैं?");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(hindi.getByText("A Hindi version needs the question and all its options in Hindi: fill them all in, or leave them all empty.")).toHaveCount(4);
    await expect(bank.getByText(text)).toHaveCount(0);

    for (const [index, option] of ["पाँच", "छह", "सात", "आठ"].entries()) {
      await expect(hindi.getByLabel(`Option ${index + 1} (Hindi)`)).toHaveAttribute("lang", "hi");
      await hindi.getByLabel(`Option ${index + 1} (Hindi)`).fill(option);
    }
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Question added.")).toBeVisible();
    const row = bank.getByRole("listitem").filter({ hasText: text });
    await expect(row.getByText("हिन्दी", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: "Edit" }).click();
    await expect(hindi.getByLabel("Question (Hindi)")).toHaveValue("एक सप्ताह में कितने दिन होते हैं?");
    await expect(hindi.getByLabel("Option 3 (Hindi)")).toHaveValue("सात");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(hindi.getByLabel("Question (Hindi)")).toHaveValue("");
  });

  test("a CSV import with bad rows shows its progress, reports every row with the reason, and stores nothing", async ({ page }) => {
    const good = `Imported good question ${tag()}`;
    const csv = [
      "text,subject,option1,option2,option3,option4,correctOptionIndex",
      `${good},Maths,1,2,3,4,0`,
      `Imported bad question ${tag()},Maths,1,2,3,4,7`,
      `Imported short question ${tag()},Maths,1,2`,
    ].join("\n");
    await openAdminTab(page, "questions");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/questions/export");
    // Held back a moment so the upload's progress can be seen.
    await page.route("**/api/questions/import", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });

    await page.getByLabel("CSV or ZIP file").setInputFiles({ name: "questions.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Import CSV" }).click();
    await expect(page.getByRole("progressbar", { name: "CSV file upload" })).toBeVisible();
    await expect(page.getByText("Nothing was imported: fix the rows below and try again.")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "CSV file upload" })).toHaveCount(0);
    const report = page.getByRole("table", { name: "Import report, row by row" });
    await expect(report.getByRole("row")).toHaveText([
      "RowStatusReason",
      "2SkippedNot imported: other rows have errors, and the file is imported whole or not at all.",
      "3ErrorThe correct option index must be between 0 and 3.",
      "4ErrorExpected 7 columns, found 4.",
    ]);
    await expect(page.getByText("Imported: 0 · Skipped: 1 · Errors: 2 · Rows: 3")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("list", { name: "Questions" })).toBeVisible();
    await expect(page.getByText(good)).toHaveCount(0);
  });
});
