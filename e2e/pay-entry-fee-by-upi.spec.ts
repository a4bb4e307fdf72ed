import { expect, test, type Locator, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { ADMIN, signUp } from "./support/accounts";
import { examOpensText } from "./support/exam";
import { withDatabase } from "./support/exam-db";
import { paymentScreenshot } from "./support/wallet";

const QUIZ = "Olympiad Season 2";
const SEASON_2 = "5eed0000-0000-4000-8001-000000000002";
const PAY = "Please Pay to Attend Quiz";
const REJECTED = "your payment rejected , pay again or talk to customer care";
/** The server checks the bytes, not the name: a PNG signature and some padding is an image to it. */

function quizCard(page: Page): Locator {
  return page.getByRole("article", { name: QUIZ });
}

async function openPayment(card: Locator, label: string): Promise<Locator> {
  await card.getByRole("checkbox", { name: "I agree to the Terms and Conditions" }).check();
  await card.getByRole("button", { name: label }).click();
  const dialog = card.page().getByRole("dialog", { name: "Payment Instruction" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A 12-digit UTR this run has not used. */
const utr = () => `6${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;

async function submitProof(dialog: Locator, reference = utr()) {
  await dialog.getByLabel("Payment screenshot").setInputFiles(paymentScreenshot());
  await dialog.getByLabel("Bank username").fill("Kavya Menon");
  const utrField = dialog.getByLabel("UPI transaction reference (UTR)");
  if (!(await utrField.inputValue())) await utrField.fill(reference);
  await dialog.getByRole("button", { name: "Submit" }).click();
}

/** Decides the participant's pending entry fee as the admin, through the API the admin panel uses. */
async function reviewEntryFee(page: Page, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, paymentVerified: "verified" | "rejected") {
  const { rows } = (await (await page.request.get("/api/wallet/history")).json()) as { rows: { id: string; type: string; status: string }[] };
  const pending = rows.find((row) => row.type === "form pay" && row.status === "pending");
  expect(pending).toBeDefined();
  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post("/api/login", { data: ADMIN })).ok()).toBe(true);
    expect((await admin.put(`/api/wallet/transaction/${pending!.id}`, { data: { paymentVerified } })).ok()).toBe(true);
  } finally {
    await admin.dispose();
  }
}

test.describe("paying the entry fee", () => {
  test("a participant agrees to the terms, pays by UPI with a screenshot, is verified and is told when the exam opens", async ({ page, playwright, baseURL }) => {
    await signUp(page.request);
    await page.goto("/dashboard");
    const card = quizCard(page);

    await card.getByRole("button", { name: PAY }).click();
    await expect(card.getByRole("alert")).toHaveText("You must agree to the Terms and Conditions to proceed.");
    await expect(page.getByRole("dialog", { name: "Payment Instruction" })).toHaveCount(0);

    const dialog = await openPayment(card, PAY);
    await expect(dialog.getByText("Amount: ₹500")).toBeVisible();
    // PAYMENT_GATEWAY is unset on this server: SPEC's UPI modal alone (the gateway's is pay-through-the-gateway.spec.ts).
    await expect(dialog.getByRole("button", { name: "Pay with UPI, card or net banking" })).toHaveCount(0);
    const payLink = dialog.getByRole("link", { name: "Click here to Pay Now" });
    await expect(payLink).toHaveAttribute("href", /^upi:\/\/pay\?pa=olympiad%40upi&pn=Olympiad&am=500\.00&cu=INR&tn=/);
    await expect(dialog.getByRole("img", { name: /QR code to pay ₹500/ }).locator("svg")).toBeVisible();
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please upload payment proof screenshot and bank username.");

    await submitProof(dialog);
    await expect(dialog).toBeHidden();
    await expect(card.getByText("Payment submitted successfully! Please wait for admin confirmation.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Verification Pending" })).toBeDisabled();

    // A week before the exam there is nothing to start yet (the Start link is in
    // follow-your-quizzes-on-the-dashboard.spec.ts); the card updates without a reload.
    await reviewEntryFee(page, playwright, baseURL, "verified");
    const examStart = await withDatabase(async (client) => (await client.query<{ exam_start_at: Date }>(`select exam_start_at from quizzes where id = $1`, [SEASON_2])).rows[0].exam_start_at);
    await expect(card.getByText(examOpensText(examStart), { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByRole("button", { name: "Verification Pending" })).toHaveCount(0);
  });

  test("the screenshot's upload shows a progress bar that reaches 100 %", async ({ page }) => {
    await signUp(page.request);
    // Held back so the bar can be seen: the upload's answer, then the payment's.
    let releaseCredit!: () => void;
    const creditHeld = new Promise<void>((resolve) => (releaseCredit = resolve));
    await page.route("**/api/upload", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.route("**/api/wallet/credit", async (route) => {
      await creditHeld;
      await route.continue();
    });
    await page.goto("/dashboard");
    const dialog = await openPayment(quizCard(page), PAY);
    const bar = dialog.getByRole("progressbar", { name: "Payment screenshot upload" });
    await expect(bar).toHaveCount(0);

    await submitProof(dialog);
    await expect(bar).toBeVisible();
    await expect(dialog.getByText(/^Upload(ing…|ed) \d+ %$/)).toBeVisible();
    await expect(bar).toHaveJSProperty("value", 100);
    await expect(dialog.getByText("Uploaded 100 %", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Submitting…" })).toBeDisabled();

    releaseCredit();
    await expect(dialog).toBeHidden();
    await expect(quizCard(page).getByText("Payment submitted successfully! Please wait for admin confirmation.")).toBeVisible();
  });

  test("a rejected payment says so, and the participant can pay again", async ({ page, playwright, baseURL }) => {
    await signUp(page.request);
    await page.goto("/dashboard");
    await submitProof(await openPayment(quizCard(page), PAY));
    await expect(quizCard(page).getByRole("button", { name: "Verification Pending" })).toBeDisabled();

    await reviewEntryFee(page, playwright, baseURL, "rejected");
    await page.reload();
    const card = quizCard(page);
    await card.getByRole("button", { name: REJECTED }).click();
    await expect(card.getByRole("alert")).toHaveText("You must agree to the Terms and Conditions to proceed.");

    await submitProof(await openPayment(card, REJECTED));
    await expect(card.getByRole("button", { name: "Verification Pending" })).toBeDisabled();
  });

  test("a participant without a date of birth follows the payment's link to the field, and returns to the payment with nothing lost", async ({ page }) => {
    // An account from before sign-up asked for the date of birth.
    const { id } = await signUp(page.request);
    await withDatabase((client) => client.query("update users set date_of_birth = null where id = $1", [id]));
    await page.goto("/dashboard");
    const dialog = await openPayment(quizCard(page), PAY);
    await dialog.getByLabel("UPI transaction reference (UTR)").fill("4455 6677 8899");
    await submitProof(dialog);
    await expect(dialog.getByRole("alert")).toContainText("Please add your date of birth in your profile. You must be 18 or older to take part.");
    await dialog.getByRole("link", { name: "Add or correct your date of birth" }).click();

    await expect(page).toHaveURL((url) => url.pathname === "/profiledetails" && url.searchParams.get("returnTo") === `/dashboard?pay=${SEASON_2}`);
    const dob = page.getByLabel("Date of birth");
    await expect(dob).toBeFocused();
    await expect(page.getByRole("heading", { name: "Add your date of birth" })).toBeVisible();
    const seventeen = new Date();
    seventeen.setFullYear(seventeen.getFullYear() - 17);
    await dob.fill(seventeen.toISOString().slice(0, 10));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "You must be 18 or older to take part." })).toBeVisible();
    await dob.fill("1995-01-01");
    await page.getByRole("button", { name: "Save" }).click();

    const reopened = page.getByRole("dialog", { name: "Payment Instruction" });
    await expect(reopened).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard");
    await expect(reopened.getByLabel("Bank username")).toHaveValue("Kavya Menon");
    await expect(reopened.getByLabel("UPI transaction reference (UTR)")).toHaveValue("4455 6677 8899");
    await expect(reopened.getByText("Already uploaded: payment.png.")).toBeVisible();
    await reopened.getByRole("button", { name: "Submit" }).click();
    await expect(reopened).toBeHidden();
    const card = quizCard(page);
    await expect(card.getByText("Payment submitted successfully! Please wait for admin confirmation.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Verification Pending" })).toBeDisabled();
    // The return was used up: a reload shows the card, not the payment again.
    await page.reload();
    await expect(quizCard(page).getByRole("button", { name: "Verification Pending" })).toBeDisabled();
    await expect(page.getByRole("dialog", { name: "Payment Instruction" })).toHaveCount(0);
  });
});

test.describe("paying the entry fee in Hindi", () => {
  test.use({ locale: "hi-IN" });

  test("a participant whose browser prefers Hindi reads the card, the payment and their profile and wallet in Hindi, and pays", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "hi-IN");
    await expect(page.getByRole("heading", { level: 1, name: "डैशबोर्ड" })).toBeVisible();
    const card = quizCard(page);
    await expect(card.getByRole("tab", { name: "भाग लेने के चरण" })).toBeVisible();

    await card.getByRole("button", { name: "क्विज़ में भाग लेने के लिए कृपया भुगतान करें" }).click();
    await expect(card.getByRole("alert")).toHaveText("आगे बढ़ने के लिए आपको नियमों और शर्तों से सहमत होना होगा।");
    await card.getByRole("checkbox", { name: "मैं नियमों और शर्तों से सहमत हूँ" }).check();
    await card.getByRole("button", { name: "क्विज़ में भाग लेने के लिए कृपया भुगतान करें" }).click();

    const dialog = page.getByRole("dialog", { name: "भुगतान निर्देश" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("राशि: ₹500")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "अभी भुगतान करने के लिए यहाँ क्लिक करें" })).toHaveAttribute("href", /^upi:\/\/pay\?/);
    await expect(dialog.getByRole("img", { name: /UPI से olympiad@upi को ₹500 भुगतान करने का QR कोड/ })).toBeVisible();
    await expect(dialog.getByText("विवरण जमा करने के 10 मिनट के भीतर भुगतान सत्यापित हो जाएगा।")).toBeVisible();
    await dialog.getByRole("button", { name: "जमा करें" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("कृपया भुगतान के प्रमाण का स्क्रीनशॉट और बैंक में दर्ज नाम दें।");

    await dialog.getByLabel("भुगतान का स्क्रीनशॉट").setInputFiles(paymentScreenshot());
    await dialog.getByLabel("बैंक खाते का नाम").fill("Kavya Menon");
    await dialog.getByLabel("UPI लेनदेन संदर्भ संख्या (UTR)").fill("12345");
    await dialog.getByRole("button", { name: "जमा करें" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("UPI लेन-देन संदर्भ (UTR) ठीक 12 अंकों का होता है। कृपया इसे अपने भुगतान ऐप से कॉपी करें।");
    await dialog.getByLabel("UPI लेनदेन संदर्भ संख्या (UTR)").fill(utr());
    await dialog.getByRole("button", { name: "जमा करें" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole("button", { name: "सत्यापन लंबित है" })).toBeDisabled();

    await page.goto("/profiledetails");
    await expect(page.getByRole("heading", { level: 1, name: "प्रोफ़ाइल विवरण" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "व्यक्तिगत जानकारी और पता" })).toBeVisible();
    const history = page.getByRole("table", { name: "लेनदेन इतिहास" });
    await expect(history.getByRole("row").filter({ hasText: `${QUIZ} का प्रवेश शुल्क` })).toContainText("UPI से भुगतान");
    await expect(history.getByRole("row").filter({ hasText: `${QUIZ} का प्रवेश शुल्क` })).toContainText("लंबित");
    await page.getByRole("link", { name: "वॉलेट पर जाएँ" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "वॉलेट" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "पैसे जोड़ें" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "पैसे निकालें" })).toBeVisible();
    await expect(page.getByLabel("आपका रेफ़रल लिंक")).toHaveValue(/\/referral\//);
  });
});
