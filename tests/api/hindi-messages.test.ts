import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as forgotPassword } from "@/app/api/forgotpassword/route";
import { POST as login } from "@/app/api/login/route";
import { POST as registerRoute } from "@/app/api/register/route";
import { POST as debit } from "@/app/api/wallet/debit/route";
import { notifications, users } from "@/db/schema";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { OUTBOX_DIRECTORY } from "@/lib/mail";
import { FIELDS_REQUIRED, INVALID_CREDENTIALS, WITHDRAWAL_TOO_LARGE } from "@/lib/catalogue";
import { notifyUsers } from "@/lib/notifications";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { runJobWorkers } from "../support/jobs";
import { ADULT_DOB, participant } from "../support/users";
import { adult } from "../support/wallet";

afterAll(closeDatabase);
runJobWorkers();

const HINDI_BROWSER = { cookie: "NEXT_LOCALE=hi" };
const brand = config.brand.name;

async function mailTo(email: string, containing: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const files = (await readdir(OUTBOX_DIRECTORY).catch(() => [])).sort();
      const mails = await Promise.all(files.map((file) => readFile(path.join(OUTBOX_DIRECTORY, file), "utf8")));
      return mails.find((mail) => mail.includes(`To: ${email}\n`) && mail.includes(containing)) ?? Promise.reject(new Error(`no mail to ${email} yet`));
    },
    { timeout: 25_000, interval: 100 },
  );
}

async function languageOf(userId: string) {
  const db = await getDb();
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row.language;
}

async function setLanguage(userId: string, language: "en" | "hi") {
  const db = await getDb();
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

async function signUp(email: string, headers?: Record<string, string>) {
  const response = await call(registerRoute, { json: { name: "Meera", email, password: "a-long-password", dob: ADULT_DOB }, headers });
  expect(response.status).toBe(201);
  return response;
}

describe("a sign-up from a browser", () => {
  it("keeps the browser's language with the account (its cookie, else Accept-Language) and mails the confirmation in it", async () => {
    const byCookie = uniqueEmail();
    const signedUp = await signUp(byCookie, HINDI_BROWSER);
    expect(signedUp.body.message).toBe("पंजीकरण सफल रहा");
    expect(await languageOf((signedUp.body.user as { id: string }).id)).toBe("hi");
    const mail = await mailTo(byCookie, "/verify-email?token=");
    expect(mail).toContain(`Subject: ${brand} के लिए अपने ईमेल पते की पुष्टि करें\n`);
    expect(mail).toContain("नमस्ते Meera,\n\nकृपया सात दिनों के भीतर यह लिंक खोलकर पुष्टि करें");

    const byHeader = await signUp(uniqueEmail(), { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" });
    expect(await languageOf((byHeader.body.user as { id: string }).id)).toBe("hi");
    const cookieWins = await signUp(uniqueEmail(), { cookie: "NEXT_LOCALE=en", "accept-language": "hi-IN" });
    expect(await languageOf((cookieWins.body.user as { id: string }).id)).toBe("en");
  });

  it("of a browser in neither language stores none, and the confirmation stays in exact English", async () => {
    const email = uniqueEmail();
    const signedUp = await signUp(email, { "accept-language": "ta-IN" });
    expect(signedUp.body.message).toBe("Registration successful");
    expect(await languageOf((signedUp.body.user as { id: string }).id)).toBeNull();
    const mail = await mailTo(email, "/verify-email?token=");
    const link = mail.match(/http\S+verify-email\?token=\S+/)![0];
    expect(mail.split("\n\n").slice(1).join("\n\n")).toBe(
      `Hello Meera,\n\nPlease confirm that this is your email address by opening this link within seven days:\n\n${link}\n\n` +
        `You can take part in the meantime; withdrawing money from your wallet needs a confirmed address.\n` +
        `If you did not sign up for ${brand}, ignore this email.\n`,
    );
    expect(mail).toContain(`Subject: Confirm your email address for ${brand}\n`);
  });
});

describe("the password reset mail", () => {
  it("is in Hindi for a user who chose Hindi, whatever the asking browser", async () => {
    const user = await participant();
    await setLanguage(user.id, "hi");
    await call(forgotPassword, { json: { email: user.email } });
    const mail = await mailTo(user.email, "/ResetPasswordPage?token=");
    expect(mail).toContain(`Subject: अपना ${brand} पासवर्ड रीसेट करें\n`);
    expect(mail).toContain("एक घंटे के भीतर यहाँ नया पासवर्ड चुनें:");
  });

  it("is in exact English for a user who never chose", async () => {
    const user = await participant();
    await call(forgotPassword, { json: { email: user.email }, headers: HINDI_BROWSER });
    const mail = await mailTo(user.email, "/ResetPasswordPage?token=");
    const link = mail.match(/http\S+ResetPasswordPage\?token=\S+/)![0];
    expect(mail).toContain(`Subject: Reset your ${brand} password\n`);
    expect(mail.split("\n\n").slice(1).join("\n\n")).toBe(
      `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your ${brand} account.\n` +
        `Choose a new password here within one hour:\n\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    );
  });
});

describe("the API's refusals", () => {
  it("answer a wrong password in the browser's language, and in exact English otherwise", async () => {
    const user = await participant();
    const wrong = { email: user.email, password: "not-the-password" };
    expect((await call(login, { json: wrong, headers: HINDI_BROWSER })).body).toEqual({ message: "ईमेल या पासवर्ड गलत है।" });
    expect((await call(login, { json: wrong, headers: { "accept-language": "hi-IN" } })).body).toEqual({ message: "ईमेल या पासवर्ड गलत है।" });
    expect((await call(login, { json: wrong })).body).toEqual({ message: INVALID_CREDENTIALS });
    expect(INVALID_CREDENTIALS).toBe("Invalid email or password.");
  });

  it("answer a withdrawal over the balance in Hindi with the Hindi cookie, beside the session's", async () => {
    const user = await adult();
    const withdrawal = { paymentType: "debit", amount: 1, payeeName: "SBI", upiId: "kavya@oksbi" };
    const inHindi = await call(debit, { as: user, json: withdrawal, headers: HINDI_BROWSER });
    expect(inHindi).toMatchObject({ status: 400, body: { message: "निकासी की राशि वॉलेट बैलेंस से अधिक नहीं हो सकती।" } });
    const inEnglish = await call(debit, { as: user, json: withdrawal });
    expect(inEnglish).toMatchObject({ status: 400, body: { message: WITHDRAWAL_TOO_LARGE } });
    expect(WITHDRAWAL_TOO_LARGE).toBe("Withdrawal amount cannot exceed wallet balance.");
  });

  it("answer a participant who names another's wallet in Hindi, as every permission refusal", async () => {
    const [user, other] = [await adult(), await adult()];
    const intoAnother = { userId: other.id, paymentType: "debit", amount: 1, payeeName: "SBI", upiId: "kavya@oksbi" };
    expect(await call(debit, { as: user, json: intoAnother, headers: HINDI_BROWSER })).toMatchObject({ status: 403, body: { message: "आप केवल अपने वॉलेट का उपयोग कर सकते हैं।" } });
    expect(await call(debit, { as: user, json: intoAnother })).toMatchObject({ status: 403, body: { message: "You can use only your own wallet." } });
  });

  it("answer a schema refusal that is not in the catalogue framed in Hindi, its detail as the schema wrote it", async () => {
    const user = await adult();
    const response = await call(debit, { as: user, json: { paymentType: "debit", amount: "ten", payeeName: "SBI", upiId: "a@b" }, headers: HINDI_BROWSER });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^अनुरोध अमान्य है: /);
  });

  it("answer a form's schema refusal in Hindi when it is one of the catalogue's texts", async () => {
    const user = await adult();
    const missing = { paymentType: "debit", amount: 10, payeeName: "", upiId: "a@b" };
    expect((await call(debit, { as: user, json: missing, headers: HINDI_BROWSER })).body).toEqual({ message: "कृपया सभी आवश्यक फ़ील्ड भरें।" });
    expect((await call(debit, { as: user, json: missing })).body).toEqual({ message: FIELDS_REQUIRED });
  });
});

describe("notifications", () => {
  it("reach each participant in their own language, English if they never chose", async () => {
    const [hindi, english] = [await participant(), await participant()];
    await setLanguage(hindi.id, "hi");
    await notifyUsers([hindi.id, english.id], { id: "keyDecision", values: { quiz: "Maths Olympiad", number: 7, decision: "drop" } });
    const db = await getDb();
    const [toHindi] = await db.select().from(notifications).where(eq(notifications.userId, hindi.id));
    const [toEnglish] = await db.select().from(notifications).where(eq(notifications.userId, english.id));
    expect(toHindi).toMatchObject({ title: "आपत्ति पर निर्णय: Maths Olympiad", body: "प्रश्न 7: प्रश्न हटा दिया गया है और सभी को इसके अंक मिलेंगे।" });
    expect(toEnglish).toMatchObject({ title: "Objection decided: Maths Olympiad", body: "Question 7: the question has been dropped and everyone gets its mark." });
  });

  it("tell a changed score in the participant's language, with the reason when there is one", async () => {
    const hindi = await participant();
    await setLanguage(hindi.id, "hi");
    const values = { quiz: "Maths Olympiad", number: 7, decision: "change", before: 5, after: 4, total: 10 };
    await notifyUsers([hindi.id], { id: "scoreChanged", values: { ...values, hasReason: "yes", reason: "Option B was a misprint." } });
    await notifyUsers([hindi.id], { id: "scoreChanged", values: { ...values, hasReason: "no", reason: "" } });
    const db = await getDb();
    const told = await db.select().from(notifications).where(eq(notifications.userId, hindi.id));
    expect(told.map((row) => row.body).sort()).toEqual([
      "प्रश्न 7: सही विकल्प बदल दिया गया है। आपके अंक 10 में से 5 से बदलकर 4 हो गए हैं। कारण: Option B was a misprint.",
      "प्रश्न 7: सही विकल्प बदल दिया गया है। आपके अंक 10 में से 5 से बदलकर 4 हो गए हैं।",
    ].sort());
    expect(told[0].title).toBe("आपके अंक बदले: Maths Olympiad");
  });
});
