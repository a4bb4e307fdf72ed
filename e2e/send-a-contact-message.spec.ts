import { expect, test } from "@playwright/test";
import { openAdminPanel } from "./support/admin-panel";

test.describe("the contact form", () => {
  const fields = [
    { label: "Name", value: "Priya Sharma", required: "Name is required" },
    { label: "Email", value: "priya@example.test", required: "Email is required" },
    { label: "Subject", value: "Entry fee", required: "Subject is required" },
    { label: "Message", value: "Can I pay from a friend's UPI account?", required: "Message is required" },
  ];

  test("shows each missing field's message under it, then sends and clears the form, and an admin reads it", async ({ page, browser, baseURL }) => {
    await page.goto("/contactus");
    const submit = page.getByRole("button", { name: "Submit" });
    await submit.click();
    for (const field of fields) {
      await expect(page.getByLabel(field.label, { exact: true })).toHaveAccessibleDescription(field.required);
    }

    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await submit.click();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Enter a valid email address");

    for (const field of fields) await page.getByLabel(field.label, { exact: true }).fill(field.value);
    const alerted = new Promise<string>((resolve) => {
      page.once("dialog", async (dialog) => {
        resolve(dialog.message());
        await dialog.accept();
      });
    });
    await submit.click();
    expect(await alerted).toBe("Form submitted successfully!");
    for (const field of fields) {
      await expect(page.getByLabel(field.label, { exact: true })).toHaveValue("");
    }

    // Unlike the spec, the message is kept: an admin reads it in the panel.
    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    await openAdminPanel(adminPage);
    await adminPage.getByRole("link", { name: "Contact Messages" }).click();
    const messages = adminPage.getByRole("list", { name: "Contact messages, newest first" });
    await expect(messages.getByText("Can I pay from a friend's UPI account?").first()).toBeVisible();
    await admin.close();
  });
});
