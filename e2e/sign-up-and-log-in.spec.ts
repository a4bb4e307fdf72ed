import { expect, test } from "@playwright/test";
import { ADMIN, ADULT_DOB, logInThroughForm, newEmail, PASSWORD, signUp } from "./support/accounts";

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
    await page.getByLabel("Date of birth").fill(ADULT_DOB);
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

  test("sign-up asks for the date of birth and refuses anyone under 18 with the rule's text; an adult gets in", async ({ page }) => {
    const email = newEmail();
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign up" }).click();
    const form = page.locator("form");
    const dob = form.getByLabel("Date of birth");
    await expect(dob).toHaveAttribute("type", "date");
    await expect(dob).toHaveAttribute("required", "");
    await expect(form.getByText("You must be 18 or older to take part.")).toBeVisible();

    await form.getByLabel("Full name").fill("Ira Young");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm password").fill(PASSWORD);
    await form.getByRole("button", { name: "Sign up" }).click();
    await expect(form.getByText("Date of birth is required.")).toBeVisible();
    await expect(dob).toHaveAttribute("aria-invalid", "true");

    const seventeen = new Date();
    seventeen.setFullYear(seventeen.getFullYear() - 17);
    await dob.fill(seventeen.toISOString().slice(0, 10));
    await form.getByRole("button", { name: "Sign up" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "You must be 18 or older to take part." })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.post("/api/login", { data: { email, password: PASSWORD } })).status()).toBe(401);

    await dob.fill(ADULT_DOB);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm password").fill(PASSWORD);
    await form.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
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
