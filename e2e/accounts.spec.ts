import { expect, test } from "@playwright/test";
import { ADMIN, logInThroughForm, newEmail, PASSWORD, signUp } from "./support/accounts";
import { decodeQuotedPrintable, openMailbox } from "./support/mailbox";

test.describe("accounts", () => {
  test("a friend signs up through a referral link, code filled in and locked, and lands on the dashboard", async ({ page, playwright, baseURL }) => {
    const referrer = await playwright.request.newContext({ baseURL });
    const { id } = await signUp(referrer);
    const { referralCode } = await (await referrer.post("/api/referstatus", { data: { userId: id } })).json();

    await page.goto(`/login/referral/${referralCode}`);
    await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
    const code = page.getByLabel("Referral code");
    await expect(code).toHaveValue(referralCode);
    await expect(code).toBeDisabled();

    await page.getByLabel("Full name").fill("Arjun Das");
    await page.getByLabel("Email").fill(newEmail());
    await page.getByLabel("Mobile number").fill("9876543210");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("not the same");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const { totalRefer } = await (await referrer.post("/api/referstatus", { data: { userId: id } })).json();
    expect(totalRefer).toEqual([expect.objectContaining({ name: "Arjun Das", status: "pending" })]);
    await referrer.dispose();
  });

  test("a wrong password shows the exact text and clears the password", async ({ page }) => {
    await logInThroughForm(page, ADMIN.email, "not-the-password");
    await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(ADMIN.email);
  });

  test("the admin lands on the admin panel, and a logged-in visitor of / goes to their landing", async ({ page }) => {
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/adminpanel$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin panel");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toBeVisible();
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a participant is kept out of the admin panel, and logs out from the account menu", async ({ page }) => {
    await signUp(page.request, newEmail(), "Kavya Menon");
    await page.goto("/adminpanel");
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText("You are not an admin to access this page.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Kavya Menon" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Login/signup" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("forgot password mails a link that resets the password once", async ({ page }) => {
    const mailbox = await openMailbox();
    try {
      const email = newEmail();
      await signUp(page.request, email);
      await page.context().clearCookies();

      await page.goto("/ForgotPasswordForm");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByText(/If an account exists for this email/)).toBeVisible();

      const mail = decodeQuotedPrintable((await mailbox.waitFor(email)).raw);
      const link = mail.match(/http:\/\/\S+\/ResetPasswordPage\?token=[A-Za-z0-9_%-]+/)![0];
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
    } finally {
      await mailbox.close();
    }
  });

  test("profile edits persist after a reload, and an image over 5 MB is refused", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/profiledetails");
    await page.getByRole("button", { name: "Edit profile" }).click();
    await page.getByLabel("Name").fill("Kavya R. Menon");
    await page.getByLabel("Date of birth").fill("1999-08-15");
    await page.getByLabel("City").fill("Kochi");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile updated.")).toBeVisible();

    await page.reload();
    const details = page.getByRole("region", { name: "Personal info and address" });
    await expect(details.getByText("Kavya R. Menon")).toBeVisible();
    await expect(details.getByText("1999-08-15")).toBeVisible();
    await expect(details.getByText("Kochi")).toBeVisible();
    await expect(page.getByText("₹0")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Wallet" })).toHaveAttribute("href", "/walletdetails");

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5 * 1024 * 1024 + 1 - 8)]);
    await page.getByLabel("Change profile image").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("The file size exceeds the 5 MB limit. Please upload a smaller file.")).toBeVisible();

    await page.getByLabel("Change profile image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png.subarray(0, 2048) });
    await expect(page.getByText("File uploaded successfully!")).toBeVisible();
    await expect(page.getByRole("img", { name: "Profile picture of Kavya R. Menon" })).toBeVisible();
  });

  test("deleting the account logs out, and the email can sign up again", async ({ page }) => {
    const email = newEmail();
    await signUp(page.request, email);
    await page.goto("/profiledetails");
    await page.getByRole("button", { name: "Delete Account" }).click();
    await page.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Login/signup" })).toBeVisible();

    await page.goto("/profiledetails");
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await logInThroughForm(page, email, PASSWORD);
    await expect(page.getByText("Invalid email or password. Please try again.")).toBeVisible();
    const again = await page.request.post("/api/register", { data: { name: "Back Again", email, password: PASSWORD } });
    expect(again.status()).toBe(201);
  });
});
