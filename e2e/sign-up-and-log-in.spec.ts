import { expect, test } from "@playwright/test";
import { ADMIN, logInThroughForm, newEmail, PASSWORD, signUp } from "./support/accounts";

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
});
