import { expect, test } from "@playwright/test";
import { signUp } from "./support/accounts";

test.describe("accounts", () => {
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

    // The answer held back a moment, so the upload's progress bar can be seen.
    await page.route("**/api/upload", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByLabel("Change profile image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png.subarray(0, 2048) });
    await expect(page.getByRole("progressbar", { name: "Profile image upload" })).toBeVisible();
    await expect(page.getByText("File uploaded successfully!")).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Profile image upload" })).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Profile picture of Kavya R. Menon" })).toBeVisible();
  });

  test("a field reached with the keyboard shows a solid focus ring: the date of birth's too", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/profiledetails");
    await page.getByRole("button", { name: "Edit profile" }).click();
    await page.getByLabel("Mobile", { exact: true }).focus();
    await page.keyboard.press("Tab");
    const dateOfBirth = page.getByLabel("Date of birth");
    await expect(dateOfBirth).toBeFocused();
    const ring = await dateOfBirth.evaluate((field) => {
      const style = getComputedStyle(field);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor };
    });
    // Solid, at least 2 px and opaque: a faint ring of the brand colour at 30 % was not enough to see.
    expect(ring.style).toBe("solid");
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.colour).toMatch(/^rgb\(/);
  });

  test("the date-of-birth step returns only to a page of this site", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/profiledetails?complete=dob&returnTo=//evil.example/phish");
    await expect(page.getByLabel("Date of birth")).toBeFocused();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile updated.")).toBeVisible();
    await expect(page).toHaveURL((url) => url.hostname === "localhost" && url.pathname === "/profiledetails");
  });
});
