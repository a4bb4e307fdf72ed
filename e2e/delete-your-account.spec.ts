import { expect, test } from "@playwright/test";
import { ADULT_DOB, logInThroughForm, newEmail, PASSWORD, signUp } from "./support/accounts";

test.describe("accounts", () => {
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
    const again = await page.request.post("/api/register", { data: { name: "Back Again", email, password: PASSWORD, dob: ADULT_DOB } });
    expect(again.status()).toBe(201);
  });
});
