import { expect, test } from "@playwright/test";
import { logInThroughForm, newEmail, PASSWORD, signUp } from "./support/accounts";

test.describe("accounts", () => {
  test("logging out everywhere on one browser sends the other to the start page on its next step", async ({ browser, baseURL }) => {
    const laptop = await browser.newContext({ baseURL });
    const phone = await browser.newContext({ baseURL });
    try {
      const email = newEmail();
      await signUp(laptop.request, email, "Kavya Menon");
      const onLaptop = await laptop.newPage();
      const onPhone = await phone.newPage();
      await logInThroughForm(onPhone, email, PASSWORD);
      await expect(onPhone).toHaveURL(/\/dashboard$/);

      await onLaptop.goto("/profiledetails");
      await onLaptop.getByRole("button", { name: "Log out everywhere" }).click();
      await expect(onLaptop).toHaveURL((url) => url.pathname === "/");
      await expect(onLaptop.getByRole("link", { name: "Login/signup" })).toBeVisible();

      // The phone still holds its cookie, but the session behind it has ended.
      await onPhone.getByRole("button", { name: "Kavya Menon" }).click();
      await onPhone.getByRole("menuitem", { name: "Wallet" }).click();
      await expect(onPhone).toHaveURL((url) => url.pathname === "/");
      await expect(onPhone.getByRole("link", { name: "Login/signup" })).toBeVisible();
      expect((await onPhone.request.get("/api/wallet/history")).status()).toBe(401);

      // Logging in again starts a new session that works.
      await logInThroughForm(onPhone, email, PASSWORD);
      await expect(onPhone).toHaveURL(/\/dashboard$/);
      expect((await onPhone.request.get("/api/wallet/history")).status()).toBe(200);
    } finally {
      await Promise.all([laptop.close(), phone.close()]);
    }
  });
});
