import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { POST as addBlog } from "@/app/api/addblog/route";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { POST as addQuiz } from "@/app/api/addquizes/route";
import { PUT as editUser } from "@/app/api/editUser/[id]/route";
import { POST as startExam } from "@/app/api/exam/[quizId]/start/route";
import { GET as files } from "@/app/api/files/route";
import { POST as forgotPassword } from "@/app/api/forgotpassword/route";
import { GET as allQuestions } from "@/app/api/getallquestions/route";
import { GET as getBlogs } from "@/app/api/getblogs/route";
import { GET as getQuizzes } from "@/app/api/getquizes/route";
import { POST as login } from "@/app/api/login/route";
import { POST as passwordReset } from "@/app/api/passwordreset/route";
import { POST as referStatus } from "@/app/api/referstatus/route";
import { POST as register } from "@/app/api/register/route";
import { GET as responses } from "@/app/api/responses/route";
import { POST as saveResponse } from "@/app/api/saveresponse/route";
import { PUT as updateBlog } from "@/app/api/updateblog/[id]/route";
import { PUT as updateQuestion } from "@/app/api/updatequestions/[id]/route";
import { PUT as updateQuiz } from "@/app/api/updatequizes/[id]/route";
import { POST as upload } from "@/app/api/upload/route";
import { POST as credit } from "@/app/api/wallet/credit/route";
import { POST as debit } from "@/app/api/wallet/debit/route";
import { GET as history } from "@/app/api/wallet/history/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import { POST as uploadChunk } from "@/app/api/wasabi/upload-exam-chunk/route";
import type { ActiveUser } from "@/lib/auth";
import { closeDatabase } from "@/lib/db";
import { resetTokenFor } from "../support/accounts";
import { markPaid, openExam } from "../support/exam";
import { uniqueEmail } from "../support/factories";
import { call } from "../support/http";
import { WEBM_HEADER_SLICE } from "../support/recording";
import { admin, participant, TEST_PASSWORD } from "../support/users";
import { adult, openRegistration } from "../support/wallet";

/**
 * SPEC §3 names each entity's fields and §7 the calls that carry them. The API keeps its own
 * richer names (amountPaise, status, …) and answers with SPEC's as well, so a client written
 * against SPEC works: each §7 call here, checked for SPEC's names with SPEC's types.
 */

afterAll(closeDatabase);

const DAY = 86_400_000;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const ISO_DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const ID = expect.stringMatching(/^[0-9a-f-]{36}$/);
const FILE_URL = expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/);

type Row = Record<string, unknown>;

let addresses = 0;
/** Each login from its own address, so the per-address limits of other files never meet these. */
const fromOwnAddress = () => ({ "x-forwarded-for": `10.218.${Math.floor(++addresses / 250)}.${addresses % 250}` });

async function proof(user: ActiveUser): Promise<string> {
  const form = new FormData();
  // Each its own file: the same bytes again would flag the payment, and a flagged payment is verified only with a reason.
  form.set("file", new Blob([PNG, randomBytes(16)]), "proof.png");
  form.set("imageType", "payment");
  const uploaded = await call(upload, { form, as: user });
  expect(uploaded.status).toBe(201);
  expect(uploaded.body.url).toEqual(FILE_URL);
  return String(uploaded.body.url);
}

/** SPEC §3's Transaction, with §7's paymentVerified, transReason and amount in rupees. */
function specTransaction(expected: Row) {
  return {
    _id: ID,
    userId: ID,
    quizId: null,
    paymentType: expect.any(String),
    paymentMode: expect.any(String),
    paymentId: null,
    payeeName: expect.any(String),
    amount: expect.any(Number),
    transReason: expect.any(String),
    paymentVerified: expect.any(String),
    paysnapurl: null,
    timestamp: ISO_DATE,
    ...expected,
  };
}

function quizBody() {
  const now = Date.now();
  return {
    title: "Spring Olympiad",
    name: "spring",
    description: "Forty minutes of general knowledge.",
    // Free entry with sponsored prizes: prize money without cash prizes for a paid entry.
    contestModel: "free_entry",
    prizeMoney: 176000,
    entryFee: 0,
    durationMinutes: 30,
    formStartDate: new Date(now).toISOString(),
    formEndDate: new Date(now + DAY).toISOString(),
    examDate: new Date(now + 2 * DAY).toISOString(),
    resultDate: new Date(now + 3 * DAY).toISOString(),
    questions: [] as string[],
  };
}

describe("SPEC §7's field names", () => {
  it("GET /wallet/history: each row a Transaction with paymentVerified, transReason and amount in rupees, in the richer envelope", async () => {
    const [user, boss] = [await adult(), await admin()];
    const paysnapurl = await proof(user);
    const topUp = await call(credit, { as: user, json: { paymentType: "credit", amount: 300.5, payeeName: "Kavya M", paysnapurl, paymentId: "3005 0000 0001" } });
    expect(topUp.status).toBe(201);
    expect(topUp.body.transaction).toMatchObject(
      specTransaction({ userId: user.id, paymentType: "credit", paymentMode: "upi", paymentId: "300500000001", payeeName: "Kavya M", amount: 300.5, transReason: "walletAddMoney", paymentVerified: "pending", paysnapurl }),
    );
    const verified = await call(review, { as: boss, params: { id: (topUp.body.transaction as Row)._id as string }, json: { paymentVerified: "verified" } });
    expect(verified.status).toBe(200);
    expect(verified.body.transaction).toMatchObject(specTransaction({ paymentVerified: "verified", amount: 300.5, paymentId: "300500000001", paysnapurl }));

    const quiz = await openRegistration({ entryFeePaise: 10_000 });
    const fee = await call(debit, { as: user, json: { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id } });
    expect(fee.status).toBe(201);
    expect(fee.body.transaction).toMatchObject(specTransaction({ quizId: quiz.id, paymentType: "form pay", paymentMode: "wallet", payeeName: null, amount: 100, paymentVerified: "verified" }));
    const withdrawal = await call(debit, { as: user, json: { paymentType: "debit", amount: 50, payeeName: "State Bank", upiId: "kavya@oksbi" } });
    expect(withdrawal.status).toBe(201);
    expect(withdrawal.body.transaction).toMatchObject(specTransaction({ paymentType: "debit", amount: 50, transReason: "walletWithdrawMoney", payeeName: "State Bank" }));

    const { status, body } = await call(history, { as: user, url: "/api/wallet/history" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    const rows = body.rows as Row[];
    expect(rows).toEqual([
      expect.objectContaining(specTransaction({ userId: user.id, paymentType: "debit", paymentMode: "upi", payeeName: "State Bank", amount: 50, transReason: "walletWithdrawMoney", paymentVerified: "pending" })),
      expect.objectContaining(
        specTransaction({ userId: user.id, quizId: quiz.id, paymentType: "form pay", paymentMode: "wallet", payeeName: null, amount: 100, transReason: expect.stringMatching(/^paid for /), paymentVerified: "verified" }),
      ),
      expect.objectContaining(
        specTransaction({ userId: user.id, paymentType: "credit", paymentMode: "upi", paymentId: "300500000001", payeeName: "Kavya M", amount: 300.5, transReason: "walletAddMoney", paymentVerified: "verified", paysnapurl }),
      ),
    ]);
    // The richer names stay for clients of this API.
    expect(rows[2]).toMatchObject({ id: rows[2]._id, status: "verified", reason: "walletAddMoney", amountPaise: 30_050, type: "credit" });
  });

  it("POST /wallet/credit for an entry fee: the Transaction names its quiz and screenshot", async () => {
    const user = await adult();
    const quiz = await openRegistration();
    const paysnapurl = await proof(user);
    const paid = await call(credit, { as: user, json: { paymentType: "form pay", quizId: quiz.id, payeeName: "Kavya M", paysnapurl, paymentMode: "upi" } });
    expect(paid.status).toBe(201);
    expect(paid.body.transaction).toMatchObject(specTransaction({ userId: user.id, quizId: quiz.id, paymentType: "form pay", paymentMode: "upi", amount: 500, paymentVerified: "pending", paysnapurl }));
  });

  it("GET /getquizes, POST /addquizes, PUT /updatequizes: Quiz with name, prizeMoney in rupees, SPEC's dates and its questions", async () => {
    const boss = await admin();
    const bank = await call(addQuestion, { as: boss, json: { text: "2 + 3 = ?", subject: "Mathematics", options: ["4", "5", "6", "7"], correctOptionIndex: 1 } });
    const questionId = (bank.body.question as Row)._id;
    expect(questionId).toEqual(ID);

    const created = await call(addQuiz, { as: boss, json: { ...quizBody(), questions: [questionId] } });
    expect(created.status).toBe(201);
    const specQuiz = {
      _id: ID,
      title: "Spring Olympiad",
      name: "spring",
      description: "Forty minutes of general knowledge.",
      prizeMoney: 176000,
      examDate: ISO_DATE,
      formStartDate: ISO_DATE,
      formEndDate: ISO_DATE,
      resultDate: ISO_DATE,
      questions: [questionId],
    };
    expect(created.body.quiz).toMatchObject(specQuiz);
    const quizId = (created.body.quiz as Row)._id as string;

    const updated = await call(updateQuiz, { as: boss, params: { id: quizId }, json: { ...quizBody(), title: "Spring Olympiad II", questions: [questionId] } });
    expect(updated.status).toBe(200);
    expect(updated.body.quiz).toMatchObject({ ...specQuiz, title: "Spring Olympiad II" });

    const forAdmin = ((await call(getQuizzes, { as: boss })).body.quizzes as Row[]).find((quiz) => quiz._id === quizId);
    expect(forAdmin).toMatchObject({ ...specQuiz, title: "Spring Olympiad II" });

    // Everyone else sees how many questions, never which: SPEC's "count in some views".
    const forVisitor = ((await call(getQuizzes)).body.quizzes as Row[]).find((quiz) => quiz._id === quizId);
    expect(forVisitor).toMatchObject({ ...specQuiz, title: "Spring Olympiad II", questions: 1 });
  });

  it("GET /getallquestions, POST /addquestions, PUT /updatequestions: Question with createdBy, and to admins only", async () => {
    const boss = await admin();
    const specQuestion = { _id: ID, text: "Capital of Kerala?", subject: "Geography", options: ["Kochi", "Thiruvananthapuram", "Kozhikode", "Thrissur"], correctOptionIndex: 1, createdBy: boss.id };
    const created = await call(addQuestion, { as: boss, json: { text: "Capital of Kerala?", subject: "Geography", options: specQuestion.options, correctOptionIndex: 1 } });
    expect(created.status).toBe(201);
    expect(created.body.question).toMatchObject(specQuestion);
    const questionId = (created.body.question as Row)._id as string;

    const updated = await call(updateQuestion, { as: boss, params: { id: questionId }, json: { text: "The capital of Kerala?", subject: "Geography", options: specQuestion.options, correctOptionIndex: 1 } });
    expect(updated.body.question).toMatchObject({ ...specQuestion, text: "The capital of Kerala?" });

    const listed = await call(allQuestions, { as: boss, url: "/api/getallquestions?subject=Geography" });
    expect((listed.body.questions as Row[]).find((question) => question._id === questionId)).toMatchObject({ ...specQuestion, text: "The capital of Kerala?" });
    // The bank holds the answers: a participant and a visitor never get it.
    expect((await call(allQuestions, { as: await participant() })).status).toBe(403);
    expect((await call(allQuestions)).status).toBe(401);
  });

  it("GET /responses: Quiz response with answers, score, timeTaken and focusLogs; POST /wasabi/upload-exam-chunk answers message and url", async () => {
    const { quiz, questionIds } = await openExam({ count: 2, correct: 1 });
    const user = await participant();
    await markPaid(user, quiz.id);
    expect((await call(startExam, { as: user, params: { quizId: quiz.id } })).status).toBe(200);

    const form = new FormData();
    form.set("chunk", new Blob([new Uint8Array(WEBM_HEADER_SLICE)], { type: "video/webm" }), "0.webm");
    form.set("quizID", quiz.id);
    form.set("sequence", "0");
    const chunk = await call(uploadChunk, { as: user, form });
    expect(chunk.status).toBe(201);
    expect(chunk.body).toMatchObject({ message: expect.any(String), url: expect.stringMatching(/^\/api\/recordings\//) });

    const occurredAt = new Date().toISOString();
    const saved = await call(saveResponse, {
      as: user,
      json: { participantId: user.id, quizId: quiz.id, answers: [{ questionId: questionIds[0], selectedOptionIndex: 1 }], score: 99, timeTaken: 5, focusLogs: [{ kind: "blur", occurredAt, durationMs: 6000 }] },
    });
    expect(saved.status).toBe(200);

    const listed = await call(responses, { as: await admin(), url: `/api/responses?quizId=${quiz.id}` });
    expect(listed.status).toBe(200);
    expect(listed.body.responses).toEqual([
      expect.objectContaining({
        _id: ID,
        participantId: user.id,
        quizId: quiz.id,
        answers: [{ questionId: questionIds[0], selectedOptionIndex: 1 }],
        score: 1,
        timeTaken: expect.any(Number),
        focusLogs: [expect.objectContaining({ kind: "blur", occurredAt: new Date(occurredAt).toISOString(), durationMs: 6000 })],
      }),
    ]);
  });

  it("POST /upload answers a url; GET /files lists imageData with urls", async () => {
    const user = await participant();
    const url = await proof(user);
    const listed = await call(files, { as: user });
    expect(listed.status).toBe(200);
    expect(listed.body.imageData).toEqual([expect.objectContaining({ url })]);
  });

  it("POST /register, POST /login, PUT /editUser/{id}, POST /referstatus: User with userType, wallet, referralCode and totalRefer", async () => {
    const email = uniqueEmail();
    // An adult's date of birth, for when sign-up asks for it (until then it is not read).
    const registered = await call(register, { json: { name: "Meera Pillai", email, password: TEST_PASSWORD, mobile: "9876543210", dob: "1990-04-01" } });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toHaveProperty("dob");
    const specUser = {
      _id: ID,
      name: "Meera Pillai",
      email,
      mobile: "9876543210",
      address: { street: null, city: null, state: null, postalCode: null, country: null },
      profileImage: null,
      userType: "participant",
      referredBy: null,
      wallet: { balance: 0, transiction: [] },
      referralCode: expect.stringMatching(/^[A-Z0-9]+$/),
      totalRefer: [],
    };
    expect(registered.body.user).toMatchObject(specUser);
    const meera = registered.body.user as Row & { _id: string; referralCode: string };

    // A friend signs up with Meera's code; Meera's referral list and the friend's referredBy say so.
    const friend = await call(register, { json: { name: "Sameer Khan", email: uniqueEmail(), password: TEST_PASSWORD, dob: "1992-06-15", referredBy: meera.referralCode } });
    expect(friend.body.user).toMatchObject({ referredBy: meera.referralCode });
    const friendId = (friend.body.user as Row)._id;

    const loggedIn = await call(login, { json: { email, password: TEST_PASSWORD }, headers: fromOwnAddress() });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.user).toMatchObject({ ...specUser, totalRefer: [{ userId: friendId, referStatus: "pending" }] });

    const me: ActiveUser = { id: meera._id, name: "Meera Pillai", email, role: "participant" };
    const edited = await call(editUser, {
      as: me,
      params: { id: me.id },
      json: { name: "Meera P", mobile: "9876543210", dob: "1990-04-01", address: { street: "MG Road", city: "Kochi", state: "Kerala", postalCode: "682001", country: "India" } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject({
      ...specUser,
      name: "Meera P",
      dob: "1990-04-01",
      address: { street: "MG Road", city: "Kochi", state: "Kerala", postalCode: "682001", country: "India" },
      totalRefer: [{ userId: friendId, referStatus: "pending" }],
    });

    const referrals = await call(referStatus, { as: me, json: { userId: me.id } });
    expect(referrals.body).toMatchObject({ referralCode: meera.referralCode, totalRefer: [expect.objectContaining({ userId: friendId, referStatus: "pending" })] });
  });

  it("the User's wallet carries its balance in rupees and its transactions, and profileImage the picture's url", async () => {
    const user = await adult();
    const boss = await admin();
    const topUp = await call(credit, { as: user, json: { paymentType: "credit", amount: 120, payeeName: "Kavya M", paysnapurl: await proof(user) } });
    await call(review, { as: boss, params: { id: (topUp.body.transaction as Row)._id as string }, json: { paymentVerified: "verified" } });
    const picture = new FormData();
    picture.set("file", new Blob([PNG]), "me.png");
    picture.set("imageType", "profile");
    const profileImage = (await call(upload, { form: picture, as: user })).body.url;

    const edited = await call(editUser, { as: user, params: { id: user.id }, json: { name: user.name } });
    expect(edited.body.user).toMatchObject({ profileImage, wallet: { balance: 120, transiction: [(topUp.body.transaction as Row)._id] } });
  });

  it("GET /getblogs, POST /addblog, PUT /updateblog: Blog with imageUrl and datePublished", async () => {
    const boss = await admin();
    const article = { title: "How the olympiad is scored", content: "Highest score wins.", author: "The team", category: "quiz", imageUrl: "/posters/poster-1.svg" };
    const specBlog = { _id: ID, ...article, datePublished: ISO_DATE };
    const created = await call(addBlog, { as: boss, json: article });
    expect(created.status).toBe(201);
    expect(created.body.blog).toMatchObject(specBlog);
    const blogId = (created.body.blog as Row)._id as string;
    const updated = await call(updateBlog, { as: boss, params: { id: blogId }, json: { ...article, content: "Highest score wins; ties go to the faster." } });
    expect(updated.body.blog).toMatchObject({ ...specBlog, content: "Highest score wins; ties go to the faster." });
    const listed = await call(getBlogs);
    expect((listed.body.blogs as Row[]).find((blog) => blog._id === blogId)).toMatchObject({ ...specBlog, content: "Highest score wins; ties go to the faster." });
  });

  it("POST /forgotpassword and POST /passwordreset answer a message", async () => {
    const user = await participant();
    const asked = await call(forgotPassword, { json: { email: user.email }, headers: fromOwnAddress() });
    expect(asked.body).toEqual({ message: expect.any(String) });
    const reset = await call(passwordReset, { json: { token: await resetTokenFor(user.id), newPassword: "brand-new-password" } });
    expect(reset.body).toEqual({ message: expect.any(String) });
  });
});
