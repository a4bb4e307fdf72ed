import { expect, test } from "@playwright/test";
import { PARTICIPANT, paymentScreenshot, twoSessions } from "./support/wallet";
import { openAdminPanel } from "./support/admin-panel";

test.describe("wallet", () => {
  test("money added by UPI reaches the wallet once an admin verifies it, and the verified row is locked", async ({ browser, baseURL }) => {
    const { participant, admin, email, close } = await twoSessions(browser, baseURL);
    try {
      const page = await participant.newPage();
      await page.goto("/walletdetails");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wallet");
      const addMoney = page.getByRole("region", { name: "Add Money" });
      await addMoney.getByRole("button", { name: "Submit" }).click();
      await expect(addMoney.getByText("Please fill in all the required fields.")).toBeVisible();

      await addMoney.getByLabel("Amount").fill("300");
      await addMoney.getByLabel("Username").fill(PARTICIPANT);
      await addMoney.getByRole("button", { name: "Submit" }).click();
      await expect(addMoney.getByText("Please upload a payment screenshot.")).toBeVisible();

      await addMoney.getByLabel("Payment screenshot").setInputFiles(paymentScreenshot());
      await addMoney.getByRole("button", { name: "Submit" }).click();
      await expect(addMoney.getByText("Enter the 12-digit UPI transaction reference (UTR) from your payment app.")).toBeVisible();
      await addMoney.getByLabel("UPI transaction reference (UTR)").fill("UTR-12");
      await addMoney.getByRole("button", { name: "Submit" }).click();
      await expect(addMoney.getByText("The UPI transaction reference (UTR) is exactly 12 digits. Please copy it from your payment app.")).toBeVisible();
      await addMoney.getByLabel("UPI transaction reference (UTR)").fill(`5${String(Date.now()).slice(-11)}`);
      // The screenshot's answer held back a moment, so its progress bar can be seen.
      await page.route("**/api/upload", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await addMoney.getByRole("button", { name: "Submit" }).click();
      await expect(addMoney.getByRole("progressbar", { name: "Payment screenshot upload" })).toBeVisible();
      await expect(addMoney.getByText("Payment submitted successfully! Please wait for admin confirmation.")).toBeVisible();
      await expect(addMoney.getByRole("progressbar", { name: "Payment screenshot upload" })).toHaveCount(0);
      await expect(addMoney.getByLabel("Amount")).toHaveValue("");

      const adminPage = await admin.newPage();
      await openAdminPanel(adminPage, "?tab=transactions");
      await expect(adminPage.getByRole("link", { name: "Transaction Management" })).toHaveAttribute("aria-current", "page");
      await adminPage.getByLabel("Status", { exact: true }).selectOption("pending");
      await adminPage.getByRole("button", { name: "Filter" }).click();
      await expect(adminPage).toHaveURL(/status=pending/);

      const row = adminPage.getByRole("row").filter({ hasText: email });
      await row.getByRole("button", { name: `Details of ${PARTICIPANT}'s payment` }).click();
      const screenshot = adminPage.getByRole("link", { name: /Open screenshot full size/ });
      await expect(screenshot).toHaveAttribute("target", "_blank");
      await expect(screenshot.getByRole("img", { name: `Payment screenshot from ${PARTICIPANT}` })).toBeVisible();

      await row.getByRole("button", { name: `Verify ${PARTICIPANT}'s payment` }).click();
      const dialog = adminPage.getByRole("dialog", { name: "Verify this payment?" });
      await expect(dialog.getByText("₹300", { exact: true })).toBeVisible();
      await dialog.getByRole("button", { name: "Verify payment" }).click();
      await expect(adminPage.getByText("Payment Status Updated successfully!")).toBeVisible();
      // The refreshed pending list no longer holds the verified payment.
      await expect(row).toHaveCount(0);

      await adminPage.getByLabel("Status", { exact: true }).selectOption("verified");
      await adminPage.getByRole("button", { name: "Filter" }).click();
      const verifiedRow = adminPage.getByRole("row").filter({ hasText: email });
      await expect(verifiedRow.getByText("verified", { exact: true })).toBeVisible();
      await expect(verifiedRow.getByRole("button", { name: /^(Verify|Reject|Refund)/ })).toHaveCount(0);
      await expect(verifiedRow.getByText("This transaction has already been verified and cannot be changed.")).toBeVisible();

      await page.reload();
      await expect(page.getByRole("region", { name: "Balance" }).getByText("₹300", { exact: true })).toBeVisible();
    } finally {
      await close();
    }
  });
});
