import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { ADMIN, logInThroughForm, newEmail, signUp } from "./support/accounts";

const PARTICIPANT = "Nisha Verma";

/** The PNG signature is all the server's content check reads. */
const SCREENSHOT = {
  name: "payment.png",
  mimeType: "image/png",
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000)]),
};

/** Admin and participant each get their own browser context, so their sessions never mix. */
async function twoSessions(browser: Browser, baseURL: string | undefined) {
  const participant = await browser.newContext({ baseURL });
  const admin = await browser.newContext({ baseURL });
  const email = newEmail();
  await signUp(participant.request, email, PARTICIPANT);
  return { participant, admin, email, close: () => Promise.all([participant.close(), admin.close()]) };
}

async function verify(admin: APIRequestContext, transactionId: string) {
  const response = await admin.put(`/api/wallet/transaction/${transactionId}`, { data: { paymentVerified: "verified" } });
  expect(response.status()).toBe(200);
  expect((await response.json()).message).toBe("Payment Status Updated successfully!");
}

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

      await addMoney.getByLabel("Payment screenshot").setInputFiles(SCREENSHOT);
      await addMoney.getByRole("button", { name: "Submit" }).click();
      await expect(addMoney.getByText("Payment submitted successfully! Please wait for admin confirmation.")).toBeVisible();
      await expect(addMoney.getByLabel("Amount")).toHaveValue("");

      const adminPage = await admin.newPage();
      await logInThroughForm(adminPage, ADMIN.email, ADMIN.password);
      await expect(adminPage).toHaveURL(/\/adminpanel$/);
      await adminPage.goto("/adminpanel?tab=transactions");
      await expect(adminPage.getByRole("link", { name: "Transaction Management" })).toHaveAttribute("aria-current", "page");
      await adminPage.getByLabel("Status", { exact: true }).selectOption("pending");
      await adminPage.getByRole("button", { name: "Filter" }).click();
      await expect(adminPage).toHaveURL(/status=pending/);

      const row = adminPage.getByRole("row").filter({ hasText: email });
      await expect(row.getByRole("link", { name: /View screenshot/ })).toHaveAttribute("target", "_blank");
      await expect(row.getByRole("img", { name: `Payment screenshot from ${PARTICIPANT}` })).toBeVisible();
      await row.getByLabel(`Status of ${PARTICIPANT}'s payment`).selectOption("verified");
      await expect(adminPage.getByText("Payment Status Updated successfully!")).toBeVisible();
      // The refreshed pending list no longer holds the verified payment.
      await expect(row).toHaveCount(0);

      await adminPage.getByLabel("Status", { exact: true }).selectOption("verified");
      await adminPage.getByRole("button", { name: "Filter" }).click();
      const verifiedRow = adminPage.getByRole("row").filter({ hasText: email });
      await expect(verifiedRow.getByLabel(`Status of ${PARTICIPANT}'s payment`)).toBeDisabled();
      await expect(verifiedRow.getByLabel(`Status of ${PARTICIPANT}'s payment`)).toHaveValue("verified");
      await expect(verifiedRow.getByText("This transaction has already been verified and cannot be changed.")).toBeVisible();

      await page.reload();
      await expect(page.getByRole("region", { name: "Balance" }).getByText("₹300", { exact: true })).toBeVisible();
    } finally {
      await close();
    }
  });

  test("a withdrawal cannot exceed the balance, and is paid out once an admin verifies it", async ({ browser, baseURL }) => {
    const { participant, admin, close } = await twoSessions(browser, baseURL);
    try {
      // ₹300 in the wallet through the API; the test above covers the same steps on screen.
      const login = await admin.request.post("/api/login", { data: { email: ADMIN.email, password: ADMIN.password } });
      expect(login.ok()).toBe(true);
      const upload = await participant.request.post("/api/upload", { multipart: { file: SCREENSHOT, imageType: "payment" } });
      expect(upload.status()).toBe(201);
      const credit = await participant.request.post("/api/wallet/credit", {
        data: { paymentType: "credit", amount: 300, payeeName: PARTICIPANT, paysnapurl: (await upload.json()).url, paymentMode: "upi" },
      });
      expect(credit.status()).toBe(201);
      await verify(admin.request, (await credit.json()).transaction.id);

      const page = await participant.newPage();
      await page.goto("/walletdetails");
      const balance = page.getByRole("region", { name: "Balance" });
      await expect(balance.getByText("₹300", { exact: true })).toBeVisible();

      const withdraw = page.getByRole("region", { name: "Withdraw Money" });
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
    } finally {
      await close();
    }
  });
});
