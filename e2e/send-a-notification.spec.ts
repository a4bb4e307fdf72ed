import { expect, test } from "@playwright/test";
import { newEmail, signUp } from "./support/accounts";
import { openAdminTab, tag } from "./support/admin-panel";

test.describe("admin panel", () => {
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
});
