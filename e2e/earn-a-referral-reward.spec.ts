import { expect, test } from "@playwright/test";
import { ADMIN, newEmail, PASSWORD, signUp } from "./support/accounts";

const SEASON_2 = "5eed0000-0000-4000-8001-000000000002";
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000)]);

test("a friend who signs up through the referral link and pays earns the referrer ₹50, once", async ({ browser, baseURL }) => {
  const [referrer, friend, admin] = await Promise.all([1, 2, 3].map(() => browser.newContext({ baseURL })));
  try {
    const { id: referrerId } = await signUp(referrer.request, newEmail(), "Ritu Sharma");
    const { referralCode } = await (await referrer.request.post("/api/referstatus", { data: { userId: referrerId } })).json();

    const friendPage = await friend.newPage();
    await friendPage.goto(`/login/referral/${referralCode}`);
    await friendPage.getByLabel("Full name").fill("Sameer Khan");
    await friendPage.getByLabel("Email").fill(newEmail());
    await friendPage.getByLabel("Date of birth").fill("1996-04-02");
    await friendPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await friendPage.getByLabel("Confirm password").fill(PASSWORD);
    await friendPage.getByRole("button", { name: "Sign up" }).click();
    await expect(friendPage).toHaveURL(/\/dashboard$/);

    const { url } = await (await friend.request.post("/api/upload", { multipart: { imageType: "payment", file: { name: "pay.png", mimeType: "image/png", buffer: PNG } } })).json();
    const paid = await friend.request.post("/api/wallet/credit", { data: { paymentType: "form pay", quizId: SEASON_2, payeeName: "Sameer Khan", paysnapurl: url, paymentMode: "upi" } });
    expect(paid.status()).toBe(201);
    const { transaction } = await paid.json();

    expect((await admin.request.post("/api/login", { data: ADMIN })).status()).toBe(200);
    expect((await admin.request.put(`/api/wallet/transaction/${transaction.id}`, { data: { paymentVerified: "verified" } })).status()).toBe(200);
    expect((await admin.request.put(`/api/wallet/transaction/${transaction.id}`, { data: { paymentVerified: "verified" } })).status()).toBe(409);

    const referrerPage = await referrer.newPage();
    await referrerPage.goto("/walletdetails");
    await expect(referrerPage.getByText("₹50", { exact: true }).first()).toBeVisible();
    await expect(referrerPage.getByRole("cell", { name: "Sameer Khan" })).toBeVisible();
    const { totalRefer } = await (await referrer.request.post("/api/referstatus", { data: { userId: referrerId } })).json();
    expect(totalRefer).toEqual([expect.objectContaining({ name: "Sameer Khan", status: "rewarded" })]);
    const history = await (await referrer.request.get("/api/wallet/history")).json();
    expect(history.rows.filter((row: { reason: string }) => row.reason === "referralReward")).toHaveLength(1);
  } finally {
    await Promise.all([referrer.close(), friend.close(), admin.close()]);
  }
});

