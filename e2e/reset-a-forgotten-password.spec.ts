import { expect, test } from "@playwright/test";
import { logInThroughForm, newEmail, signUp } from "./support/accounts";
import { decodeQuotedPrintable, mailbox } from "./support/mailbox";

test.describe("accounts", () => {
  test("forgot password mails a link that resets the password once", async ({ page }) => {
    const email = newEmail();
    await signUp(page.request, email);
    await page.context().clearCookies();

    await page.goto("/ForgotPasswordForm");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/If an account exists for this email/)).toBeVisible();

    const resetLink = /http:\/\/\S+\/ResetPasswordPage\?token=[A-Za-z0-9_%-]+/;
    const link = decodeQuotedPrintable((await mailbox.waitFor(email, resetLink)).raw).match(resetLink)![0];
    const resetPath = new URL(link).pathname + new URL(link).search;

    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("my-new-password");
    await page.getByLabel("Confirm new password").fill("different-password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();

    await page.getByLabel("Confirm new password").fill("my-new-password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText(/Your password has been reset/)).toBeVisible();

    await logInThroughForm(page, email, "my-new-password");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies();

    await page.goto(resetPath);
    await page.getByLabel("New password", { exact: true }).fill("third-password");
    await page.getByLabel("Confirm new password").fill("third-password");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("This reset link is invalid or has expired. Please ask for a new one.")).toBeVisible();
  });
});
