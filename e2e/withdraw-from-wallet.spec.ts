import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, confirmEmail } from "./support/accounts";
import { PARTICIPANT, paymentScreenshot, twoSessions } from "./support/wallet";

async function verify(admin: APIRequestContext, transactionId: string) {
  const response = await admin.put(`/api/wallet/transaction/${transactionId}`, { data: { paymentVerified: "verified" } });
  expect(response.status()).toBe(200);
  expect((await response.json()).message).toBe("Payment Status Updated successfully!");
}

test.describe("wallet", () => {
  test("a withdrawal cannot exceed the balance, and is paid out once an admin verifies it", async ({ browser, baseURL }) => {
    const { participant, admin, email, close } = await twoSessions(browser, baseURL);
    try {
      // ₹300 in the wallet through the API; top-up-wallet-by-upi.spec.ts covers the same steps on screen.
      const login = await admin.request.post("/api/login", { data: { email: ADMIN.email, password: ADMIN.password } });
      expect(login.ok()).toBe(true);
      const upload = await participant.request.post("/api/upload", { multipart: { file: paymentScreenshot(), imageType: "payment" } });
      expect(upload.status()).toBe(201);
      const credit = await participant.request.post("/api/wallet/credit", {
        data: { paymentType: "credit", amount: 300, payeeName: PARTICIPANT, paysnapurl: (await upload.json()).url, paymentMode: "upi" },
      });
      expect(credit.status()).toBe(201);
      await verify(admin.request, (await credit.json()).transaction.id);

      const page = await participant.newPage();
      await page.goto("/walletdetails");
      const withdraw = page.getByRole("region", { name: "Withdraw Money" });
      await withdraw.getByLabel("Amount").fill("100");
      await withdraw.getByLabel("Bank name").fill("State Bank of India");
      await withdraw.getByLabel("UPI id").fill("kavya@okaxis");
      await withdraw.getByRole("button", { name: "Request withdrawal" }).click();
      await expect(withdraw.getByText(/Please confirm your email address before withdrawing/)).toBeVisible();

      // The dashboard asks for the same; the link mailed at sign-up confirms the address.
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Please confirm your email address" })).toBeVisible();
      await confirmEmail(page, email);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Please confirm your email address" })).toHaveCount(0);

      await page.goto("/walletdetails");
      const balance = page.getByRole("region", { name: "Balance" });
      await expect(balance.getByText("₹300", { exact: true })).toBeVisible();

      await withdraw.getByLabel("Amount").fill("500");
      await withdraw.getByLabel("Bank name").fill("State Bank of India");
      await withdraw.getByLabel("UPI id").fill("kavya@okaxis");
      await withdraw.getByRole("button", { name: "Request withdrawal" }).click();
      await expect(withdraw.getByText("Withdrawal amount cannot exceed wallet balance.")).toBeVisible();

      await withdraw.getByLabel("Amount").fill("100");
      await withdraw.getByRole("button", { name: "Request withdrawal" }).click();
      await expect(withdraw.getByText("Withdrawal request submitted successfully! Please wait for admin confirmation.")).toBeVisible();
      await expect(balance.getByText("Available to withdraw")).toBeVisible();
      await expect(balance.getByText("₹200", { exact: true })).toBeVisible();

      const history = (await (await page.request.get("/api/wallet/history")).json()) as { rows: { id: string; type: string; status: string }[] };
      const withdrawal = history.rows.find((row) => row.type === "debit" && row.status === "pending");
      expect(withdrawal).toBeDefined();
      await verify(admin.request, withdrawal!.id);

      await page.reload();
      await expect(balance.getByText("₹200", { exact: true })).toBeVisible();
      await expect(balance.getByText("Available to withdraw")).toHaveCount(0);

      // The ledger reads as words, never as the codes it stores (walletAddMoney, walletWithdrawMoney).
      const ledger = page.getByRole("table", { name: "Transaction history" });
      await expect(ledger.getByRole("row").filter({ hasText: "Withdrawal from wallet" })).toContainText("Paid out by UPI");
      await expect(ledger.getByRole("row").filter({ hasText: "Money added to wallet" })).toContainText("Added by UPI");
      await expect(ledger.getByText(/walletAddMoney|walletWithdrawMoney|\bupi\b|\bdebit\b|\bcredit\b/)).toHaveCount(0);
    } finally {
      await close();
    }
  });
});
