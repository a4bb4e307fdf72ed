/**
 * Issue 16, finding 8: hostile input is answered with a 4xx and a message, and writes nothing.
 *
 * Each route below names a body it accepts, the rows it would write, and what kind of value each
 * of its fields holds. Every hostile value of that kind is put into that one field in turn (the
 * rest of the body stays valid), sent as the route's own caller, and must be refused with a 4xx
 * and a `message`, with those rows unchanged. "Accepts its valid body" proves the table is
 * meaningful: a refusal then comes from the spoiled field, not from a broken fixture.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, ilike, inArray, or } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as addBlog } from "@/app/api/addblog/route";
import { POST as addQuestion } from "@/app/api/addquestions/route";
import { unsafeMarkup } from "@/lib/content/render";
import { POST as addQuiz } from "@/app/api/addquizes/route";
import { POST as reconcile } from "@/app/api/payments/reconciliation/route";
import { POST as approveClaim } from "@/app/api/prize-claims/[claimId]/approve/route";
import { POST as releaseClaim } from "@/app/api/prize-claims/[claimId]/release/route";
import { GET as taxCsv } from "@/app/api/prize-claims/tax/route";
import { POST as claimPrize } from "@/app/api/prizes/[quizId]/claim/route";
import { POST as useFreePass } from "@/app/api/prizes/[quizId]/free-pass/route";
import { POST as appeal } from "@/app/api/quizzes/[quizId]/appeal/route";
import { POST as objection } from "@/app/api/quizzes/[quizId]/objections/route";
import { GET as listExtraTime, PUT as grantExtraTime } from "@/app/api/quizzes/[quizId]/extra-time/route";
import { POST as removeExtraTime } from "@/app/api/quizzes/[quizId]/extra-time/remove/route";
import { GET as insightsCsv } from "@/app/api/insights/csv/route";
import { GET as insightsOverview } from "@/app/api/insights/route";
import { POST as keyDecision } from "@/app/api/quizzes/[quizId]/questions/[questionId]/decision/route";
import { POST as appealDecision } from "@/app/api/responses/[attemptId]/appeal-decision/route";
import { POST as disqualify } from "@/app/api/responses/[attemptId]/disqualify/route";
import { POST as contact } from "@/app/api/contact/route";
import { PUT as editUser } from "@/app/api/editUser/[id]/route";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { PUT as saveAnswers } from "@/app/api/exam/[quizId]/answers/batch/route";
import { GET as examClock } from "@/app/api/exam/[quizId]/clock/route";
import { POST as focusEvents } from "@/app/api/exam/[quizId]/focus-events/route";
import { POST as forgotPassword } from "@/app/api/forgotpassword/route";
import { GET as allQuestions } from "@/app/api/getallquestions/route";
import { POST as googleLogin } from "@/app/api/google-login/route";
import { POST as login } from "@/app/api/login/route";
import { POST as sendNotification } from "@/app/api/notifications/send-notification/route";
import { POST as subscribe } from "@/app/api/notifications/subscribe/route";
import { POST as passwordReset } from "@/app/api/passwordreset/route";
import { GET as recording } from "@/app/api/recordings/[attemptId]/route";
import { POST as referStatus } from "@/app/api/referstatus/route";
import { POST as register } from "@/app/api/register/route";
import { POST as saveResponse } from "@/app/api/saveresponse/route";
import { POST as upload } from "@/app/api/upload/route";
import { POST as uploadQuestionImage } from "@/app/api/question-images/route";
import { POST as importQuestionBank } from "@/app/api/questions/import/route";
import { writeZip } from "@/lib/quizzes/zip";
import { encodeGreyPng } from "@/lib/seed/diagram";
import { PUT as updateBlog } from "@/app/api/updateblog/[id]/route";
import { PUT as updateQuestion } from "@/app/api/updatequestions/[id]/route";
import { PUT as updateQuiz } from "@/app/api/updatequizes/[id]/route";
import { GET as searchUsers } from "@/app/api/users/search/route";
import { POST as credit } from "@/app/api/wallet/credit/route";
import { POST as gatewayConfirm } from "@/app/api/payments/gateway/confirm/route";
import { POST as gatewayOrder } from "@/app/api/payments/gateway/orders/route";
import { POST as gatewayRefund } from "@/app/api/payments/gateway/payments/[id]/refund/route";
import { POST as gatewaySettlement } from "@/app/api/payments/gateway/settlements/route";
import { POST as debit } from "@/app/api/wallet/debit/route";
import { GET as history } from "@/app/api/wallet/history/route";
import { PUT as review } from "@/app/api/wallet/transaction/[id]/route";
import {
  appeals,
  bankStatements,
  statementLines,
  prizeClaims,
  publishedResults,
  resultRows,
  attemptAnswers,
  attempts,
  auditLog,
  extraTimeGrants,
  keyDecisions,
  objections,
  blogs,
  contactMessages,
  focusEvents as focusEventRows,
  gatewayOrders,
  gatewaySettlementLines,
  gatewaySettlementReports,
  notifications,
  passwordResetTokens,
  pushSubscriptions,
  questionImages,
  questions,
  quizQuestions,
  quizzes,
  transactions,
  users,
} from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { confirmGatewayPayment, createGatewayOrder } from "@/lib/payments";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { startExam } from "@/lib/exam";
import { objectToKey } from "@/lib/results";
import { appealDisqualification, disqualifyAttempt } from "@/lib/review";
import { requestTopUp } from "@/lib/wallet";
import { markPaid, openExam, openTypedExam, paidParticipant } from "../support/exam";
import { createQuestion, createQuiz } from "../support/factories";
import { call } from "../support/http";
import { ADULT_DOB, TEST_PASSWORD, admin, participant } from "../support/users";
import { seededQuiz, settleKey } from "../support/results";
import { typedQuiz } from "../support/answer-types";
import { adult, balanceOf, fundWallet, openRegistration, uploadProof } from "../support/wallet";
import { withFakeGateway } from "../support/gateway";

afterAll(closeDatabase);

// The quiz targets save paid entry with cash prizes (quizBody), which CASH_PRIZES_ALLOWED forbids
// unless set: this file allows it, as a deployment that turned it on would; nothing else here depends on it.
const cashPrizesAllowed = config.contest.cashPrizesAllowed;
beforeAll(() => {
  config.contest.cashPrizesAllowed = true;
});
afterAll(() => {
  config.contest.cashPrizesAllowed = cashPrizesAllowed;
});

// The gateway's targets order, confirm and refund at a local fake of Razorpay's API.
const gateway = withFakeGateway();

/** A participant's top-up of so many rupees through the fake, paid and confirmed as their browser confirms it (the webhooks dropped). */
async function confirmedGatewayTopUp(amount: number) {
  const user = await adult();
  const order = await createGatewayOrder(user, { purpose: "top_up", amount });
  gateway.fake.hold();
  const { checkout } = gateway.fake.pay(order.gatewayOrderId);
  gateway.fake.drop();
  await confirmGatewayPayment(user, { gatewayOrderId: checkout!.razorpay_order_id, gatewayPaymentId: checkout!.razorpay_payment_id, signature: checkout!.razorpay_signature });
  return { user, paymentId: checkout!.razorpay_payment_id };
}

/** A participant's entry-fee order at the fake, paid and captured there (the webhooks held): ready to confirm. */
async function paidGatewayOrder() {
  const [user, quiz] = [await adult(), await openRegistration({ entryFeePaise: 50_000 })];
  const order = await createGatewayOrder(user, { purpose: "entry_fee", quizId: quiz.id });
  gateway.fake.hold();
  const { checkout } = gateway.fake.pay(order.gatewayOrderId);
  gateway.fake.drop();
  return { user, checkout: checkout! };
}

const DAY = 86_400_000;
/** A million characters: every text field has a length limit below it. */
const HUGE = "x".repeat(1_000_000);

type Kind = "amount" | "fee" | "count" | "text" | "date" | "id" | "choice" | "flag";

/** What an attacker sends in place of each kind of value. */
const HOSTILE: Record<Kind, unknown[]> = {
  /** Rupees, at least ₹1: out of the 32-bit paise column, negative, not numbers, not plain decimals. */
  amount: [21474836.48, 1e308, -1, 0, "NaN", "Infinity", "-5", "0x10", "1e3", "12.345", "5\u0000", true, [5], {}, null, HUGE],
  /** Rupees where ₹0 is allowed (prize money, a free quiz's fee). */
  fee: [21474836.48, 1e308, -1, "NaN", "Infinity", "0x10", "1e3", "12.345", true, [5], {}, null],
  /** Whole numbers. */
  count: [2 ** 31, 1e308, -1, 1.5, "NaN", "Infinity", "0x10", "1e3", "5\u0000", true, [5], {}, null],
  text: ["a\u0000b", "\u0000", HUGE, true, [5], {}, null, 5],
  date: ["2000-02-31", "2001-02-29T10:00:00.000Z", "2000-01-01T25:00:00Z", "not a date", "2000-01-01\u0000", true, [5], {}, null, 1e308],
  id: ["not-an-id", "\u0000", HUGE, true, [5], {}, null, 5],
  choice: ["no such choice", "\u0000", true, [5], {}, null, 5],
  flag: ["yes", "\u0000", [true], {}, null, 5],
};

interface Fixture {
  as?: ActiveUser;
  params?: Record<string, string>;
  body: Record<string, unknown>;
  /** The rows this route writes for this fixture: equal before and after a refused call. */
  written: () => Promise<unknown>;
}

interface Target {
  route: string;
  handler: typeof credit;
  method?: "PUT";
  /** Field path (dots into objects and arrays) → kind; a trailing "?" means null is a valid value. */
  fields: Record<string, `${Kind}` | `${Kind}?`>;
  setup: () => Promise<Fixture>;
  /** Values of the right kind that this route's own limits still refuse, by field path. */
  refuses?: Record<string, unknown[]>;
  /** Why a valid body cannot be shown to succeed here, when it cannot. */
  acceptanceUntestable?: string;
}

/** A 12-digit UPI transaction reference no other payment has. */
function utr(): string {
  return String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 900_000_000_000));
}

function marker(): string {
  return `m${randomBytes(5).toString("hex")}`;
}

/**
 * The rows of an adding route's table that carry the fixture's marker: it is put in two fields,
 * so whichever one a case spoils, the other still finds a row that was written.
 */
function marked(table: PgTable, columns: PgColumn[]) {
  return (mark: string) => () => rows((db) => db.select().from(table).where(or(...columns.map((column) => ilike(column, `%${mark}%`)))));
}

async function rows<T>(query: (db: Awaited<ReturnType<typeof getDb>>) => Promise<T>): Promise<T> {
  return query(await getDb());
}

const QUIZ_FIELDS: Target["fields"] = {
  title: "text",
  titleHi: "text?",
  name: "text",
  description: "text",
  descriptionHi: "text?",
  prizeMoney: "fee",
  entryFee: "fee",
  capacity: "count?",
  durationMinutes: "count",
  questionCount: "count",
  shuffleQuestions: "flag",
  formStartDate: "date",
  formEndDate: "date",
  examDate: "date",
  examEndDate: "date",
  resultDate: "date",
  "questions.0": "id",
};

/**
 * Paid entry with cash prizes, confirmed lawful: the body carries every kind of field, cash prize
 * tiers included. The deployment must allow the model for it to save (see cashPrizesAllowed below).
 */
async function quizBody(mark: string) {
  const question = await createQuestion(await getDb());
  const now = Date.now();
  return {
    title: `Winter Olympiad ${mark}`,
    titleHi: "शीतकालीन ओलंपियाड",
    name: "winter",
    description: `The winter round ${mark}`,
    descriptionHi: "शीतकालीन दौर",
    contestModel: "paid_cash",
    cashPrizesLawfulConfirmed: true,
    prizeMoney: 176000,
    entryFee: 500,
    capacity: 100,
    durationMinutes: 30,
    questionCount: 1,
    shuffleQuestions: true,
    formStartDate: new Date(now).toISOString(),
    formEndDate: new Date(now + DAY).toISOString(),
    examDate: new Date(now + 2 * DAY).toISOString(),
    examEndDate: new Date(now + 2 * DAY + 3_600_000).toISOString(),
    resultDate: new Date(now + 3 * DAY).toISOString(),
    questions: [question.id],
  };
}


/** An answer save the batch schema takes (its question need not exist): to count past a limit with. */
const WELL_FORMED_ANSWER = { questionId: "5eed0000-0000-4000-8001-0000000000aa", selectedOptionIndex: 1, answeredAt: "2026-01-01T10:00:00.000Z", currentQuestionIndex: 0, timeLeftSeconds: 60 };

const QUESTION_FIELDS: Target["fields"] = { text: "text", subject: "text", "options.0": "text", "options.3": "text", correctOptionIndex: "count" };

function questionBody(mark: string) {
  return { text: `What is 6 × 7? ${mark}`, subject: `Maths ${mark}`, options: ["42", "36", "48", "67"], correctOptionIndex: 0 };
}

/** The fields of the other answer types: several correct options, and a typed number's answers, range, tolerance and decimals. */
const TYPED_QUESTION_FIELDS: Target["fields"] = { text: "text", answerType: "choice", acceptedAnswers: "text", answerMin: "text?", answerMax: "text?", tolerance: "text?", answerDecimals: "count" };
const MULTIPLE_QUESTION_FIELDS: Target["fields"] = { text: "text", "options.5": "text", "correctOptions.0": "count" };

function numericalQuestionBody(mark: string) {
  return { text: `g on the Moon, in m/s²? ${mark}`, subject: `Physics ${mark}`, answerType: "numerical", acceptedAnswers: "1.62", answerMin: "0", answerMax: "10", tolerance: "0.02", answerDecimals: 2 };
}

function multipleQuestionBody(mark: string) {
  return { text: `Which are even? ${mark}`, subject: `Maths ${mark}`, answerType: "multiple", options: ["2", "3", "4", "5", "6", "7"], correctOptions: [0, 2, 4] };
}

const BLOG_FIELDS: Target["fields"] = {
  title: "text",
  content: "text",
  author: "text",
  category: "choice",
  description: "text",
  "keywords.0": "text",
  imageUrl: "text",
  datePublished: "date",
};

function blogBody(mark: string) {
  return {
    title: `How the olympiad is scored ${mark}`,
    content: `One mark a question ${mark}`,
    author: "Team",
    category: "education",
    description: "Scoring explained",
    keywords: ["scoring"],
    imageUrl: "/images/scoring.png",
    datePublished: new Date().toISOString(),
  };
}

/** An admin's route that adds a row: its body carries a marker, and the rows carrying it are what it writes. */
function adminAdds(
  route: string,
  handler: Target["handler"],
  fields: Target["fields"],
  body: (mark: string) => Record<string, unknown> | Promise<Record<string, unknown>>,
  written: (mark: string) => Fixture["written"],
): Target {
  return {
    route,
    handler,
    fields,
    async setup() {
      const mark = marker();
      return { as: await admin(), body: await body(mark), written: written(mark) };
    },
  };
}

/** Participant A of a seeded quiz, disqualified by an admin: ready to appeal. */
async function disqualified() {
  const { quiz, people } = await seededQuiz();
  const [attempt] = await rows((db) => db.select().from(attempts).where(eq(attempts.participantId, people.A.id)));
  await disqualifyAttempt(await admin(), attempt.id, "A phone is visible in the recording for ten minutes.");
  return { quiz, attempt, person: people.A };
}

const TARGETS: Target[] = [
  // Accounts
  {
    route: "POST /api/register",
    handler: register,
    fields: { name: "text", email: "text", password: "text", mobile: "text", dob: "date", referredBy: "text" },
    async setup() {
      const mark = marker();
      return {
        body: { name: `Asha ${mark}`, email: `asha-${mark}@example.test`, password: TEST_PASSWORD, mobile: "9876543210", dob: ADULT_DOB },
        written: marked(users, [users.email, users.name])(mark),
      };
    },
  },
  {
    route: "POST /api/login",
    handler: login,
    fields: { email: "text", password: "text" },
    async setup() {
      const user = await participant();
      return { body: { email: user.email, password: TEST_PASSWORD }, written: () => rows((db) => db.select().from(users).where(eq(users.id, user.id))) };
    },
  },
  {
    route: "POST /api/google-login",
    handler: googleLogin,
    fields: { credential: "text", name: "text", email: "text", googleId: "text", referredBy: "text" },
    acceptanceUntestable: "a valid credential needs the local OpenID issuer of tests/api/google-login.test.ts",
    async setup() {
      const mark = marker();
      return {
        body: { credential: `header.${mark}.signature-that-is-long`, name: `Ravi ${mark}`, email: `ravi-${mark}@example.test`, googleId: mark },
        written: marked(users, [users.email, users.googleId])(mark),
      };
    },
  },
  {
    route: "POST /api/forgotpassword",
    handler: forgotPassword,
    fields: { email: "text" },
    async setup() {
      const user = await participant();
      return { body: { email: user.email }, written: () => rows((db) => db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))) };
    },
  },
  {
    route: "POST /api/passwordreset",
    handler: passwordReset,
    fields: { token: "text", newPassword: "text" },
    async setup() {
      const user = await participant();
      const token = randomBytes(24).toString("hex");
      const db = await getDb();
      await db.insert(passwordResetTokens).values({ tokenHash: createHash("sha256").update(token).digest("hex"), userId: user.id, expiresAt: new Date(Date.now() + DAY) });
      return {
        body: { token, newPassword: "a brand new password" },
        written: () =>
          rows(async (db) => [
            await db.select().from(users).where(eq(users.id, user.id)),
            await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
          ]),
      };
    },
  },
  {
    route: "PUT /api/editUser/{id}",
    handler: editUser,
    method: "PUT",
    fields: {
      name: "text",
      mobile: "text?",
      dob: "date?",
      "address.street": "text?",
      "address.city": "text?",
      "address.state": "text?",
      "address.postalCode": "text?",
      "address.country": "text?",
    },
    async setup() {
      const user = await participant();
      return {
        as: user,
        params: { id: user.id },
        body: { name: "Asha Rao", mobile: "9876543210", dob: "1990-05-17", address: { street: "1 MG Road", city: "Pune", state: "MH", postalCode: "411001", country: "India" } },
        written: () => rows((db) => db.select().from(users).where(eq(users.id, user.id))),
      };
    },
  },
  {
    route: "POST /api/referstatus",
    handler: referStatus,
    fields: { userId: "id" },
    async setup() {
      const user = await participant();
      return { as: user, body: { userId: user.id }, written: () => rows((db) => db.select().from(users).where(eq(users.id, user.id))) };
    },
  },
  // Payments and the wallet
  {
    route: "POST /api/wallet/credit (top-up)",
    handler: credit,
    fields: { amount: "amount", payeeName: "text", paysnapurl: "text", paymentId: "text" },
    async setup() {
      const user = await adult();
      return {
        as: user,
        body: { paymentType: "credit", amount: 250, payeeName: "Kavya M", paysnapurl: `/api/files/${await uploadProof(user)}`, paymentId: utr() },
        written: () => rows((db) => db.select().from(transactions).where(eq(transactions.userId, user.id))),
      };
    },
  },
  {
    route: "POST /api/wallet/credit (entry fee by UPI)",
    handler: credit,
    fields: { quizId: "id", payeeName: "text", paysnapurl: "text", paymentId: "text" },
    async setup() {
      const [user, quiz] = [await adult(), await openRegistration({ entryFeePaise: 50_000 })];
      return {
        as: user,
        body: { paymentType: "form pay", quizId: quiz.id, payeeName: "Kavya M", paysnapurl: `/api/files/${await uploadProof(user)}`, paymentId: utr() },
        written: () => rows((db) => db.select().from(transactions).where(eq(transactions.userId, user.id))),
      };
    },
  },
  {
    route: "POST /api/payments/gateway/orders (entry fee)",
    handler: gatewayOrder,
    fields: { purpose: "choice", quizId: "id" },
    async setup() {
      const [user, quiz] = [await adult(), await openRegistration({ entryFeePaise: 50_000 })];
      return { as: user, body: { purpose: "entry_fee", quizId: quiz.id }, written: () => rows((db) => db.select().from(gatewayOrders).where(eq(gatewayOrders.userId, user.id))) };
    },
  },
  {
    route: "POST /api/payments/gateway/orders (top-up)",
    handler: gatewayOrder,
    fields: { purpose: "choice", amount: "amount" },
    async setup() {
      const user = await adult();
      return { as: user, body: { purpose: "top_up", amount: 250 }, written: () => rows((db) => db.select().from(gatewayOrders).where(eq(gatewayOrders.userId, user.id))) };
    },
  },
  {
    route: "POST /api/payments/gateway/confirm",
    handler: gatewayConfirm,
    fields: { gatewayOrderId: "text", gatewayPaymentId: "text", signature: "text" },
    refuses: { gatewayOrderId: ["order_", "pay_AAAAAAAAAAAAAA"], gatewayPaymentId: ["pay_", "order_AAAAAAAAAAAAAA", "pay_A-B"], signature: ["0".repeat(63), "G".repeat(64), "0".repeat(65)] },
    async setup() {
      const { user, checkout } = await paidGatewayOrder();
      return {
        as: user,
        body: { gatewayOrderId: checkout.razorpay_order_id, gatewayPaymentId: checkout.razorpay_payment_id, signature: checkout.razorpay_signature },
        written: () => rows((db) => db.select().from(transactions).where(eq(transactions.userId, user.id))),
      };
    },
  },
  {
    route: "POST /api/payments/gateway/payments/{id}/refund",
    handler: gatewayRefund,
    fields: { reason: "text" },
    async setup() {
      const { user } = await confirmedGatewayTopUp(300);
      const [credit] = await rows((db) => db.select().from(transactions).where(eq(transactions.userId, user.id)));
      return {
        as: await admin(),
        params: { id: credit.id },
        body: { reason: "The participant asked for the money back." },
        written: () => rows((db) => db.select().from(transactions).where(eq(transactions.userId, user.id))),
      };
    },
  },
  {
    route: "POST /api/payments/gateway/settlements",
    handler: gatewaySettlement,
    fields: { csv: "text", fileName: "text" },
    refuses: { csv: ["", "entity_id,type,amount\npay_AAAAAAAAAAAAAA,payment,30000\n"] },
    async setup() {
      const { paymentId } = await confirmedGatewayTopUp(300);
      const fileName = `settlement-${marker()}.csv`;
      return {
        as: await admin(),
        body: { csv: `entity_id,type,amount,currency,fee,tax,settled,settled_at,settlement_id\n${paymentId},payment,30000,INR,708,108,true,${Math.floor(Date.now() / 1000)},setl_AAAAAAAAAAAAAA\n`, fileName },
        written: () =>
          rows(async (db) => [
            await db.select().from(gatewaySettlementReports).where(eq(gatewaySettlementReports.fileName, fileName)),
            await db.select().from(gatewaySettlementLines).where(eq(gatewaySettlementLines.entityId, paymentId)),
          ]),
      };
    },
  },
  {
    route: "POST /api/wallet/debit (withdrawal)",
    handler: debit,
    fields: { amount: "amount", payeeName: "text", upiId: "text" },
    async setup() {
      const user = await fundedAdult();
      return {
        as: user,
        body: { paymentType: "debit", amount: 100, payeeName: "SBI", upiId: "kavya@oksbi" },
        written: () => rows(async (db) => [await db.select().from(transactions).where(eq(transactions.userId, user.id)), await db.select().from(users).where(eq(users.id, user.id))]),
      };
    },
  },
  {
    route: "POST /api/wallet/debit (entry fee from the wallet)",
    handler: debit,
    fields: { quizId: "id", paymentMode: "choice" },
    async setup() {
      const [user, quiz] = [await fundedAdult(), await openRegistration({ entryFeePaise: 50_000 })];
      return {
        as: user,
        body: { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id },
        written: () => rows(async (db) => [await db.select().from(transactions).where(eq(transactions.userId, user.id)), await db.select().from(users).where(eq(users.id, user.id))]),
      };
    },
  },
  {
    route: "PUT /api/wallet/transaction/{id}",
    handler: review,
    method: "PUT",
    fields: { paymentVerified: "choice", reason: "text" },
    async setup() {
      const user = await adult();
      const topUp = await requestTopUp(user, { amountPaise: 10_000, payeeName: user.name, proofUploadId: await uploadProof(user) });
      return {
        as: await admin(),
        params: { id: topUp.id },
        body: { paymentVerified: "rejected", reason: "The bank shows no such credit." },
        written: () => rows(async (db) => [await db.select().from(transactions).where(eq(transactions.userId, user.id)), await db.select().from(users).where(eq(users.id, user.id))]),
      };
    },
  },
  {
    route: "POST /api/payments/reconciliation",
    handler: reconcile,
    fields: { csv: "text", utrColumn: "text", amountColumn: "text", dateColumn: "text", fileName: "text" },
    async setup() {
      const user = await adult();
      const reference = String(randomBytes(6).readUIntBE(0, 6) % 1_000_000_000_000).padStart(12, "0");
      const topUp = await requestTopUp(user, { amountPaise: 25_000, payeeName: user.name, proofUploadId: await uploadProof(user), paymentReference: reference });
      const fileName = `statement-${marker()}.csv`;
      return {
        as: await admin(),
        body: { csv: `Date,Narration,UTR,Amount\n27/11/2026,UPI credit,${reference},250.00\n`, utrColumn: "UTR", amountColumn: "Amount", dateColumn: "Date", fileName },
        written: () => rows(async (db) => [await db.select().from(transactions).where(eq(transactions.id, topUp.id)), await db.select().from(bankStatements).where(eq(bankStatements.fileName, fileName))]),
      };
    },
  },
  {
    route: "POST /api/prizes/{quizId}/claim",
    handler: claimPrize,
    fields: { method: "choice", pan: "text", ifsc: "text", accountNumber: "text" },
    async setup() {
      // Claims are refused outright without the key that seals PAN and account.
      config.payouts.encryptionKey ??= randomBytes(32).toString("base64");
      const [quiz, user] = [await createQuiz(await getDb(), { examEndAt: new Date(Date.now() - DAY), examStartAt: new Date(Date.now() - 2 * DAY), formStartAt: new Date(Date.now() - 4 * DAY), formEndAt: new Date(Date.now() - 3 * DAY), resultAt: new Date(Date.now() + DAY) }), await adult()];
      const db = await getDb();
      await db.insert(attempts).values({ quizId: quiz.id, participantId: user.id, shuffleSeed: 1, startedAt: new Date(Date.now() - 2 * DAY), deadlineAt: new Date(Date.now() - 2 * DAY + 3_600_000), timeLeftSeconds: 0, submittedAt: new Date(Date.now() - 2 * DAY + 600_000), score: 3, timeTakenSeconds: 600 });
      await db.insert(publishedResults).values({ quizId: quiz.id, answerKey: [], digest: randomBytes(32).toString("hex") });
      await db.insert(resultRows).values({ quizId: quiz.id, participantId: user.id, rank: 1, score: 3, timeTakenSeconds: 600, prizePaise: 100_000 });
      return {
        as: user,
        params: { quizId: quiz.id },
        body: { method: "bank", pan: "ABCDE1234F", ifsc: "SBIN0001234", accountNumber: "123456789012" },
        written: () => rows((db) => db.select().from(prizeClaims).where(eq(prizeClaims.quizId, quiz.id))),
      };
    },
    refuses: {
      // Malformed PANs: short, long, the wrong shape, look-alike digits and letters, markup and SQL.
      pan: ["ABCDE1234", "ABCDE12345F", "ABCD11234F", "12345ABCDE", "ABCDEI234F", "ＡＢＣＤＥ１２３４Ｆ", "ABCDE1234F'--", "ABCDE1234F' OR '1'='1", "<script>alert(1)</script>", "=HYPERLINK(\"x\")", "ABCDE\u00001234F", ""],
    },
  },
  {
    route: "POST /api/prizes/{quizId}/free-pass",
    handler: useFreePass,
    fields: { forQuizId: "id" },
    async setup() {
      // A free pass won in a quiz published now, and a later paid quiz open for registration with a fee of its own.
      const db = await getDb();
      const [won, user] = [await createQuiz(db, { examEndAt: new Date(Date.now() - DAY), examStartAt: new Date(Date.now() - 2 * DAY), formStartAt: new Date(Date.now() - 4 * DAY), formEndAt: new Date(Date.now() - 3 * DAY), resultAt: new Date(Date.now() - DAY / 2) }), await adult()];
      await db.insert(publishedResults).values({ quizId: won.id, answerKey: [], digest: randomBytes(32).toString("hex") });
      await db.insert(resultRows).values({ quizId: won.id, participantId: user.id, rank: 4, score: 3, timeTakenSeconds: 600, prizePaise: 0, freePass: true });
      const later = await openRegistration({ contestModel: "paid_certificates", prizeMoneyPaise: 0, entryFeePaise: 12_300 });
      return { as: user, params: { quizId: won.id }, body: { forQuizId: later.id }, written: () => rows((db) => db.select().from(transactions).where(eq(transactions.userId, user.id))) };
    },
  },
  // Quizzes and the question bank
  adminAdds(
    "POST /api/addquizes",
    addQuiz,
    { ...QUIZ_FIELDS, "prizes.0.rankFrom": "count", "prizes.0.rankTo": "count", "prizes.0.kind": "choice", "prizes.0.amount": "amount" },
    async (mark) => ({ ...(await quizBody(mark)), prizes: [{ rankFrom: 1, rankTo: 1, kind: "cash", amount: 176000 }] }),
    marked(quizzes, [quizzes.title, quizzes.description]),
  ),
  {
    ...adminAdds(
      "POST /api/addquizes (sections)",
      addQuiz,
      {
        ...QUIZ_FIELDS,
        "sections.0.name": "text",
        "sections.0.nameHi": "text?",
        "sections.0.marksCorrect": "amount",
        "sections.0.questions.0.questionId": "id",
      },
      async (mark) => {
        const body = await quizBody(mark);
        return { ...body, sections: [{ name: "Part A", nameHi: "भाग क", marksCorrect: 2.5, marksWrong: 0.25, marksPartial: 1, questions: [{ questionId: body.questions[0], marksCorrect: 5 }] }] };
      },
      marked(quizzes, [quizzes.title, quizzes.description]),
    ),
    // Marks of more than two places, or none where marks are due; a deduction below zero; a section without its quiz's questions.
    refuses: {
      "sections.0.marksWrong": [-0.25, "0.125", "x", 101],
      "sections.0.marksPartial": [0, -1, "0.001"],
      "sections.0.questions.0.marksCorrect": [0, "2.505"],
      "sections.0.questions": [[]],
      sections: [[{ name: "Empty", marksCorrect: 1, questions: [] }], "Part A", {}],
    },
  },
  {
    route: "PUT /api/updatequizes/{id}",
    handler: updateQuiz,
    method: "PUT",
    fields: QUIZ_FIELDS,
    async setup() {
      // The body's prize money, which cannot change once registration has opened.
      const quiz = await createQuiz(await getDb(), { title: `Quiz ${marker()}`, prizeMoneyPaise: 17_600_000 });
      return {
        as: await admin(),
        params: { id: quiz.id },
        body: await quizBody(marker()),
        written: () => rows(async (db) => [await db.select().from(quizzes).where(eq(quizzes.id, quiz.id)), await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id))]),
      };
    },
  },
  adminAdds("POST /api/addquestions", addQuestion, QUESTION_FIELDS, questionBody, marked(questions, [questions.text, questions.subject])),
  {
    ...adminAdds("POST /api/addquestions (numerical)", addQuestion, TYPED_QUESTION_FIELDS, numericalQuestionBody, marked(questions, [questions.text, questions.subject])),
    // Numbers the field takes as text, but not as a number of a numerical question's answer.
    refuses: { acceptedAnswers: ["1e3", "0x10", "1.625", "NaN", "½", ""], answerMin: ["-Infinity", "20"], tolerance: ["-0.01", "0.001"], answerDecimals: [3] },
  },
  adminAdds("POST /api/addquestions (multiple correct)", addQuestion, MULTIPLE_QUESTION_FIELDS, multipleQuestionBody, marked(questions, [questions.text, questions.subject])),
  {
    route: "PUT /api/updatequestions/{id}",
    handler: updateQuestion,
    method: "PUT",
    fields: QUESTION_FIELDS,
    async setup() {
      const question = await createQuestion(await getDb());
      return { as: await admin(), params: { id: question.id }, body: questionBody(marker()), written: () => rows((db) => db.select().from(questions).where(eq(questions.id, question.id))) };
    },
  },
  // Answer keys, objections and the integrity review
  {
    route: "POST /api/quizzes/{quizId}/objections",
    handler: objection,
    fields: { questionId: "id", reason: "text", evidenceUploadId: "id?" },
    async setup() {
      const { quiz, questionIds, people } = await seededQuiz();
      await settleKey(quiz);
      return {
        as: people.B,
        params: { quizId: quiz.id },
        body: { questionId: questionIds[1], reason: "Option Z is also right.", evidenceUploadId: null },
        written: () => rows((db) => db.select().from(objections).where(eq(objections.quizId, quiz.id))),
      };
    },
  },
  {
    route: "POST /api/quizzes/{quizId}/questions/{questionId}/decision",
    handler: keyDecision,
    fields: { decision: "choice", newOptionIndex: "count", note: "text" },
    async setup() {
      const { quiz, questionIds, people } = await seededQuiz();
      await settleKey(quiz);
      await objectToKey(people.B, quiz.id, { questionId: questionIds[1], reason: "Option Z is also right." });
      return {
        as: await admin(),
        params: { quizId: quiz.id, questionId: questionIds[1] },
        body: { decision: "change", newOptionIndex: 3, note: "Z is right." },
        written: () =>
          rows(async (db) => [
            await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id)),
            await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id)),
            await db.select().from(attempts).where(eq(attempts.quizId, quiz.id)),
          ]),
      };
    },
  },
  {
    route: "POST /api/quizzes/{quizId}/questions/{questionId}/decision (a typed question's accepted answers)",
    handler: keyDecision,
    fields: { decision: "choice", "acceptedAnswers.0.0": "text", "acceptedAnswers.1.1": "text", note: "text" },
    // Numbers that are no exact decimal of two places, out of the question's 0 to 99, not whole, a range turned around, none or too many.
    refuses: {
      "acceptedAnswers.1.1": ["1e3", "0x10", "12.345", "-", "", " ", "100", "-1", "57.5", "41"],
      acceptedAnswers: [[], [["42"]], [["42", "42", "42"]], Array.from({ length: 11 }, (_, index) => [String(index), String(index)])],
    },
    async setup() {
      const { quiz, questionIds } = await typedQuiz();
      return {
        as: await admin(),
        params: { quizId: quiz.id, questionId: questionIds[0] },
        body: { decision: "change", acceptedAnswers: [["42", "42"], ["57", "57"]], note: "57 is right too." },
        written: () =>
          rows(async (db) => [
            await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id)),
            await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id)),
            await db.select().from(attempts).where(eq(attempts.quizId, quiz.id)),
          ]),
      };
    },
  },
  {
    route: "POST /api/quizzes/{quizId}/questions/{questionId}/decision (a multiple-correct question's options)",
    handler: keyDecision,
    fields: { "newOptions.0": "count", note: "text" },
    // Options the question (W X Y Z) does not have, repeated, none, or the key it already has.
    refuses: { "newOptions.0": [4, 5, 6], newOptions: [[], [0, 0], [0, 2], [2, 0]], newOptionIndex: [0] },
    async setup() {
      const { quiz, questionIds } = await typedQuiz();
      return {
        as: await admin(),
        params: { quizId: quiz.id, questionId: questionIds[1] },
        body: { decision: "change", newOptions: [0], note: "Y is not right." },
        written: () =>
          rows(async (db) => [
            await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id)),
            await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id)),
            await db.select().from(attempts).where(eq(attempts.quizId, quiz.id)),
          ]),
      };
    },
  },
  {
    route: "POST /api/responses/{attemptId}/disqualify",
    handler: disqualify,
    fields: { reason: "text" },
    async setup() {
      const { people } = await seededQuiz();
      const [attempt] = await rows((db) => db.select().from(attempts).where(eq(attempts.participantId, people.A.id)));
      return {
        as: await admin(),
        params: { attemptId: attempt.id },
        body: { reason: "A phone is visible in the recording for ten minutes." },
        written: () => rows((db) => db.select().from(attempts).where(eq(attempts.id, attempt.id))),
      };
    },
  },
  {
    route: "POST /api/quizzes/{quizId}/appeal",
    handler: appeal,
    fields: { text: "text" },
    async setup() {
      const { quiz, attempt, person } = await disqualified();
      return {
        as: person,
        params: { quizId: quiz.id },
        body: { text: "That was my calculator, which the rules allow." },
        written: () => rows((db) => db.select().from(appeals).where(eq(appeals.attemptId, attempt.id))),
      };
    },
  },
  {
    route: "POST /api/responses/{attemptId}/appeal-decision",
    handler: appealDecision,
    fields: { outcome: "choice", response: "text" },
    async setup() {
      const { quiz, attempt, person } = await disqualified();
      await appealDisqualification(person, quiz.id, "That was my calculator, which the rules allow.");
      return {
        as: await admin(),
        params: { attemptId: attempt.id },
        body: { outcome: "rejected", response: "Calculators are not allowed in this round." },
        written: () => rows(async (db) => [await db.select().from(appeals).where(eq(appeals.attemptId, attempt.id)), await db.select().from(attempts).where(eq(attempts.id, attempt.id))]),
      };
    },
  },
  // The exam
  {
    route: "POST /api/saveresponse",
    handler: saveResponse,
    fields: {
      participantId: "id",
      quizId: "id",
      "answers.0.questionId": "id",
      "answers.0.selectedOptionIndex": "count?",
      "focusLogs.0.kind": "choice",
      "focusLogs.0.occurredAt": "date",
      "focusLogs.0.durationMs": "count",
      "focusLogs.0.detail": "text",
    },
    async setup() {
      const { quiz, questionIds } = await openExam({ count: 2 });
      const user = await participant();
      await markPaid(user, quiz.id);
      await startExam(user, quiz.id);
      return {
        as: user,
        body: {
          participantId: user.id,
          quizId: quiz.id,
          answers: [{ questionId: questionIds[0], selectedOptionIndex: 1 }],
          focusLogs: [{ kind: "blur", occurredAt: new Date().toISOString(), durationMs: 1200, detail: "switched tab" }],
        },
        written: () => attemptOf(user.id),
      };
    },
  },
  {
    route: "PUT /api/exam/{quizId}/answers",
    handler: saveAnswer,
    method: "PUT",
    fields: { questionId: "id", selectedOptionIndex: "count?", answeredAt: "date", currentQuestionIndex: "count", timeLeftSeconds: "count" },
    async setup() {
      const { quiz, questionIds } = await openExam({ count: 2 });
      const user = await participant();
      await markPaid(user, quiz.id);
      await startExam(user, quiz.id);
      return {
        as: user,
        params: { quizId: quiz.id },
        body: { questionId: questionIds[0], selectedOptionIndex: 2, answeredAt: new Date().toISOString(), currentQuestionIndex: 0, timeLeftSeconds: 1700 },
        written: () => attemptOf(user.id),
      };
    },
  },
  {
    route: "PUT /api/exam/{quizId}/answers/batch (typed and multiple)",
    handler: saveAnswers,
    method: "PUT",
    fields: {
      "answers.0.questionId": "id",
      "answers.0.typedAnswer": "text?",
      "answers.1.selectedOptions.0": "count",
    },
    refuses: {
      "answers.0.typedAnswer": ["", "-", "1e2", "0x10", " 42", "42.", "4.2.1", "100", "4.5", "2.505", "١٢"],
      "answers.1.selectedOptions": [[4], [0, 0], [0, 1, 2, 3, 4, 5, 0], "0,2", {}],
      "answers.1": [{ ...WELL_FORMED_ANSWER, selectedOptionIndex: undefined }, { ...WELL_FORMED_ANSWER, typedAnswer: "42" }],
    },
    async setup() {
      const { quiz, questionIds } = await openTypedExam();
      const user = await participant();
      await markPaid(user, quiz.id);
      await startExam(user, quiz.id);
      const answeredAt = new Date().toISOString();
      const answers = [
        { questionId: questionIds[0], typedAnswer: "42", answeredAt, currentQuestionIndex: 0, timeLeftSeconds: 1700 },
        { questionId: questionIds[1], selectedOptions: [0, 2], answeredAt, currentQuestionIndex: 1, timeLeftSeconds: 1700 },
      ];
      return { as: user, params: { quizId: quiz.id }, body: { answers }, written: () => attemptOf(user.id) };
    },
  },
  {
    route: "PUT /api/exam/{quizId}/answers/batch",
    handler: saveAnswers,
    method: "PUT",
    fields: {
      "answers.0.questionId": "id",
      "answers.0.selectedOptionIndex": "count?",
      "answers.0.answeredAt": "date",
      "answers.0.currentQuestionIndex": "count",
      "answers.0.timeLeftSeconds": "count",
      // The second answer spoiled: the first, valid, is not stored either.
      "answers.1.questionId": "id",
      "answers.1.selectedOptionIndex": "count?",
    },
    refuses: {
      answers: [[], Array.from({ length: 201 }, () => WELL_FORMED_ANSWER), "answers", {}, null, 5],
      "answers.0": [null, "answer", 5],
      "answers.0.selectedOptionIndex": [4],
    },
    async setup() {
      const { quiz, questionIds } = await openExam({ count: 2 });
      const user = await participant();
      await markPaid(user, quiz.id);
      await startExam(user, quiz.id);
      const answeredAt = new Date().toISOString();
      const answers = questionIds.map((questionId, index) => ({ questionId, selectedOptionIndex: 2, answeredAt, currentQuestionIndex: index, timeLeftSeconds: 1700 }));
      return { as: user, params: { quizId: quiz.id }, body: { answers }, written: () => attemptOf(user.id) };
    },
  },
  {
    route: "POST /api/exam/{quizId}/focus-events",
    handler: focusEvents,
    fields: { "events.0.kind": "choice", "events.0.occurredAt": "date", "events.0.durationMs": "count", "events.0.detail": "text" },
    async setup() {
      const { quiz } = await openExam({ count: 1 });
      const user = await participant();
      await markPaid(user, quiz.id);
      await startExam(user, quiz.id);
      return {
        as: user,
        params: { quizId: quiz.id },
        body: { events: [{ kind: "blur", occurredAt: new Date().toISOString(), durationMs: 800, detail: "switched tab" }] },
        written: () => attemptOf(user.id),
      };
    },
  },
  {
    route: "PUT /api/quizzes/{quizId}/extra-time",
    handler: grantExtraTime,
    method: "PUT",
    fields: { email: "text", unit: "choice", amount: "count", reason: "text" },
    refuses: { amount: [0, 100_000] },
    async setup() {
      const { quiz } = await openExam({ count: 1 });
      const user = await paidParticipant(quiz.id);
      await startExam(user, quiz.id);
      return {
        as: await admin(),
        params: { quizId: quiz.id },
        body: { email: user.email, unit: "minutes", amount: 10, reason: "Dyslexia assessment on file: 10 minutes agreed." },
        written: () => extraTimeOf(quiz.id, user.id),
      };
    },
  },
  {
    route: "POST /api/quizzes/{quizId}/extra-time/remove",
    handler: removeExtraTime,
    fields: { participantId: "id", reason: "text" },
    async setup() {
      const { quiz } = await openExam({ count: 1 });
      const user = await paidParticipant(quiz.id);
      await startExam(user, quiz.id);
      const boss = await admin();
      const granted = await call(grantExtraTime, { method: "PUT", as: boss, params: { quizId: quiz.id }, json: { email: user.email, unit: "minutes", amount: 10, reason: "Dyslexia assessment on file." } });
      expect(granted.status).toBe(200);
      return {
        as: boss,
        params: { quizId: quiz.id },
        body: { participantId: user.id, reason: "Granted to the wrong participant." },
        written: () => extraTimeOf(quiz.id, user.id),
      };
    },
  },
  // Notifications
  {
    route: "POST /api/notifications/send-notification",
    handler: sendNotification,
    fields: { title: "text", body: "text", icon: "text", target: "choice", userId: "id" },
    async setup() {
      const recipient = await participant();
      return {
        as: await admin(),
        body: { title: "Results are out", body: "See the winners board.", icon: "/icons/icon-192.png", target: "user", userId: recipient.id },
        written: () => rows((db) => db.select().from(notifications).where(eq(notifications.userId, recipient.id))),
      };
    },
  },
  {
    route: "POST /api/notifications/subscribe",
    handler: subscribe,
    fields: { "subscription.endpoint": "text", "subscription.keys.p256dh": "text", "subscription.keys.auth": "text" },
    async setup() {
      const user = await participant();
      return {
        as: user,
        body: {
          subscription: {
            endpoint: `https://fcm.googleapis.com/fcm/send/${marker()}`,
            keys: { p256dh: randomBytes(65).toString("base64url"), auth: randomBytes(16).toString("base64url") },
          },
        },
        written: () => rows((db) => db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))),
      };
    },
  },
  // The blog
  adminAdds("POST /api/addblog", addBlog, BLOG_FIELDS, blogBody, marked(blogs, [blogs.title, blogs.content])),
  {
    route: "PUT /api/updateblog/{id}",
    handler: updateBlog,
    method: "PUT",
    fields: BLOG_FIELDS,
    async setup() {
      const someAdmin = await admin();
      const created = await call(addBlog, { as: someAdmin, json: blogBody(marker()) });
      const id = (created.body.blog as { id: string }).id;
      return { as: someAdmin, params: { id }, body: blogBody(marker()), written: () => rows((db) => db.select().from(blogs).where(eq(blogs.id, id))) };
    },
  },
  // The contact form
  {
    route: "POST /api/contact",
    handler: contact,
    fields: { name: "text", email: "text", subject: "text", message: "text" },
    acceptanceUntestable: "tests/api/contact.test.ts counts every stored contact message, so this file stores none",
    async setup() {
      const mark = marker();
      return {
        body: { name: `Priya ${mark}`, email: `priya-${mark}@example.test`, subject: `About ${mark}`, message: `Question ${mark}` },
        written: marked(contactMessages, [contactMessages.name, contactMessages.message])(mark),
      };
    },
  },
];

async function attemptOf(userId: string) {
  return rows(async (db) => {
    const own = await db.select().from(attempts).where(eq(attempts.participantId, userId));
    const ids = own.map((attempt) => attempt.id);
    if (ids.length === 0) return [own];
    return [own, await db.select().from(attemptAnswers).where(inArray(attemptAnswers.attemptId, ids)), await db.select().from(focusEventRows).where(inArray(focusEventRows.attemptId, ids))];
  });
}

/** What granting or removing extra time writes: the grant, the attempt's deadline, the audit trail. */
async function extraTimeOf(quizId: string, participantId: string) {
  return rows(async (db) => [
    await db.select().from(extraTimeGrants).where(eq(extraTimeGrants.quizId, quizId)),
    await db.select().from(attempts).where(eq(attempts.participantId, participantId)),
    await db.select().from(auditLog).where(eq(auditLog.subjectId, participantId)),
  ]);
}

/** An adult with ₹1,000 verified in the wallet and a verified email (withdrawals may ask for one). */
async function fundedAdult(): Promise<ActiveUser> {
  const user = await adult();
  await fundWallet(user, await admin(), 100_000);
  const db = await getDb();
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** The body with one field replaced (a copy; arrays and objects along the path are copied too). */
function spoil(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}

function label(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) || (value !== null && typeof value === "object") ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 12)}… (${text.length} characters)` : text;
}

function casesOf(target: Target): { field: string; value: unknown }[] {
  return Object.entries(target.fields).flatMap(([field, declared]) => {
    const nullable = declared.endsWith("?");
    const kind = declared.replace("?", "") as Kind;
    return HOSTILE[kind].filter((value) => !(nullable && value === null)).map((value) => ({ field, value }));
  }).concat(Object.entries(target.refuses ?? {}).flatMap(([field, values]) => values.map((value) => ({ field, value }))));
}

/** Request-level hostility, for every route: the Origin, the body's size and shape. */
const MALFORMED_ORIGINS = ["http://[::1", "%%%"];
const NOT_AN_OBJECT = [null, [], "text", 5, true];

async function expectRefused(response: Awaited<ReturnType<typeof call>>, fixture: Fixture, before: unknown) {
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(response.body.message).toEqual(expect.any(String));
  expect(String(response.body.message).length).toBeGreaterThan(0);
  expect(await fixture.written()).toEqual(before);
}

for (const target of TARGETS) {
  describe(target.route, () => {
    let fixture: Fixture;
    beforeAll(async () => {
      fixture = await target.setup();
    });

    const send = (json: unknown, headers?: Record<string, string>) =>
      call(target.handler, { method: target.method ?? "POST", as: fixture.as, params: fixture.params, json, headers });

    it.each(casesOf(target).map(({ field, value }) => [field, label(value), value] as const))("refuses %s = %s", async (field, _label, value) => {
      const before = await fixture.written();
      await expectRefused(await send(spoil(fixture.body, field, value)), fixture, before);
    });

    it.each(NOT_AN_OBJECT.map((value) => [label(value), value] as const))("refuses a body of %s", async (_label, value) => {
      const before = await fixture.written();
      await expectRefused(await send(value), fixture, before);
    });

    it.each(MALFORMED_ORIGINS)("refuses a malformed Origin %s as cross-site", async (origin) => {
      const before = await fixture.written();
      const response = await send(fixture.body, { origin });
      await expectRefused(response, fixture, before);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe("Cross-site request refused.");
    });

    it("refuses a body over 1 MB with 413, naming the limit", async () => {
      const before = await fixture.written();
      const response = await send({ ...fixture.body, padding: "x".repeat(1024 * 1024) });
      await expectRefused(response, fixture, before);
      expect(response.status).toBe(413);
      expect(response.body.message).toBe("The request body must be at most 1 MB.");
    });

    if (target.acceptanceUntestable) {
      it.skip(`accepts its valid body (${target.acceptanceUntestable})`, () => {});
    } else {
      it("accepts its valid body, so each refusal above is the spoiled field's", async () => {
        const fresh = await target.setup();
        const response = await call(target.handler, { method: target.method ?? "POST", as: fresh.as, params: fresh.params, json: fresh.body });
        expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeLessThan(300);
      });
    }
  });
}

/** Search parameters: each value must be refused; the first value shows the parameter works. */
const QUERIES: { route: string; handler: typeof history; caller: () => Promise<ActiveUser>; path: (caller: ActiveUser) => Promise<string>; param: string; valid: string; hostile: string[] }[] = [
  {
    route: "GET /api/wallet/history",
    handler: history,
    caller: participant,
    path: async () => "/api/wallet/history",
    param: "page",
    valid: "1",
    hostile: ["1e20", "-5", "0", "1.5", "10001", "99999999999999999999", "NaN", "Infinity", "abc", "\u0000"],
  },
  {
    route: "GET /api/getallquestions",
    handler: allQuestions,
    caller: admin,
    path: async () => "/api/getallquestions",
    param: "search",
    valid: "olympiad",
    hostile: ["\u0000", "a\u0000b", "x".repeat(10_000)],
  },
  {
    route: "GET /api/getallquestions",
    handler: allQuestions,
    caller: admin,
    path: async () => "/api/getallquestions",
    param: "subject",
    valid: "Mathematics",
    hostile: ["\u0000", "x".repeat(10_000)],
  },
  {
    route: "GET /api/prize-claims/tax",
    handler: taxCsv,
    caller: admin,
    path: async () => "/api/prize-claims/tax",
    param: "quarter",
    valid: "FY2026-27 Q3",
    // Calendar quarters, out-of-range quarters, years that do not follow, any other spelling, injection.
    hostile: ["2026-Q5", "2026-Q4", "FY2026-27 Q9", "FY2026-27 Q0", "FY2026-28 Q1", "FY2026-2027 Q3", "fy2026-27 q3", "FY2026-27Q3", " FY2026-27 Q3", "FY1999-00 Q1", "FY2026-27 Q3\u0000", "FY2026-27 Q3'; drop table prize_claims;--", "=cmd|' /C calc'!A0", "x".repeat(10_000), ""],
  },
  { route: "GET /api/users/search", handler: searchUsers, caller: admin, path: async () => "/api/users/search", param: "q", valid: "asha", hostile: ["a\u0000b", "\u0000\u0000"] },
  {
    route: "GET /api/recordings/{attemptId}",
    handler: recording,
    caller: admin,
    path: async () => "/api/recordings/x",
    param: "segment",
    valid: "0",
    hostile: ["1e20", "-5", "1.5", "99999999999999999999", "NaN", "\u0000"],
  },
];

describe("search parameters", () => {
  for (const query of QUERIES) {
    it.each(query.hostile.map((value) => [label(value), value] as const))(`${query.route} refuses ${query.param}=%s`, async (_label, value) => {
      const caller = await query.caller();
      const params = query.handler === recording ? { attemptId: await recordedAttempt() } : undefined;
      const response = await call(query.handler, { as: caller, params, url: `${await query.path(caller)}?${new URLSearchParams({ [query.param]: value })}` });
      expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.message).toEqual(expect.any(String));
    });
  }

  it("GET /api/wallet/history names the pages it serves", async () => {
    const response = await call(history, { as: await participant(), url: "/api/wallet/history?page=1e20" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The page must be a whole number from 1 to 10000.");
  });

  it("GET /api/prize-claims/tax serves a financial-year quarter and names the form it wants", async () => {
    config.payouts.encryptionKey ??= randomBytes(32).toString("base64");
    const boss = await admin();
    // A quarter long past: other files' paid claims are sealed with their own keys.
    const served = await call(taxCsv, { as: boss, url: `/api/prize-claims/tax?${new URLSearchParams({ quarter: "FY2020-21 Q1" })}` });
    expect(served.status).toBe(200);
    const refused = await call(taxCsv, { as: boss, url: "/api/prize-claims/tax?quarter=2026-Q5" });
    expect(refused.body.message).toBe("The quarter must look like FY2026-27 Q3 (Q1 is April to June).");
  });

  it("GET /api/wallet/history still serves a page in range", async () => {
    const response = await call(history, { as: await participant(), url: "/api/wallet/history?page=2" });
    expect(response.status).toBe(200);
    expect(response.body.page).toBe(2);
  });
});

/** An attempt of an open exam, for the recording route's search parameters. */
async function recordedAttempt(): Promise<string> {
  const { quiz } = await openExam({ count: 1 });
  const user = await participant();
  await markPaid(user, quiz.id);
  await startExam(user, quiz.id);
  const db = await getDb();
  const [attempt] = await db.select({ id: attempts.id }).from(attempts).where(and(eq(attempts.participantId, user.id), eq(attempts.quizId, quiz.id)));
  return attempt.id;
}

/** A hundred thousand characters: far past any id or query value the routes take. */
const LONG = "x".repeat(100_000);
/** Well-formed but naming nothing. */
const UNKNOWN_ID = "5eed0000-0000-4000-8000-00000000dead";
const HOSTILE_IDS = ["not-a-uuid", "\u0000", `${UNKNOWN_ID}\u0000`, LONG, "-1", "1e308", "[object Object]"];

/** Issue 22: the extra-time, exam-clock and Overview routes, with hostile ids and search parameters. */
describe("extra time, the exam clock and the Overview", () => {
  async function expectClear(response: Awaited<ReturnType<typeof call>>, statuses: number[]) {
    expect(statuses, JSON.stringify(response.body).slice(0, 300)).toContain(response.status);
    expect(response.body.message).toEqual(expect.any(String));
    expect(String(response.body.message).length).toBeGreaterThan(0);
  }

  it.each(HOSTILE_IDS.map((value) => [label(value), value] as const))("refuses the quiz id %s on every extra-time and clock route, changing nothing", async (_label, quizId) => {
    const { quiz } = await openExam({ count: 1 });
    const user = await paidParticipant(quiz.id);
    await startExam(user, quiz.id);
    const boss = await admin();
    const before = await extraTimeOf(quiz.id, user.id);
    const grant = { email: user.email, unit: "minutes", amount: 10, reason: "Dyslexia assessment on file." };
    await expectClear(await call(examClock, { as: user, params: { quizId } }), [400, 404]);
    await expectClear(await call(listExtraTime, { as: boss, params: { quizId } }), [400, 404]);
    await expectClear(await call(grantExtraTime, { method: "PUT", as: boss, params: { quizId }, json: grant }), [400, 404]);
    await expectClear(await call(removeExtraTime, { as: boss, params: { quizId }, json: { participantId: user.id, reason: "Granted by mistake." } }), [400, 404]);
    expect(await extraTimeOf(quiz.id, user.id)).toEqual(before);
  });

  it("answers a well-formed quiz id that names no quiz with 404 on every extra-time and clock route", async () => {
    const user = await participant();
    const boss = await admin();
    const params = { quizId: UNKNOWN_ID };
    await expectClear(await call(examClock, { as: user, params }), [404]);
    await expectClear(await call(listExtraTime, { as: boss, params }), [404]);
    await expectClear(await call(grantExtraTime, { method: "PUT", as: boss, params, json: { email: user.email, unit: "minutes", amount: 10, reason: "Dyslexia assessment on file." } }), [404]);
    await expectClear(await call(removeExtraTime, { as: boss, params, json: { participantId: user.id, reason: "Granted by mistake." } }), [404]);
  });

  it.each(HOSTILE_IDS.map((value) => [label(value), value] as const))("the Overview refuses ?quiz=%s", async (_label, quiz) => {
    const boss = await admin();
    await expectClear(await call(insightsOverview, { as: boss, url: `/api/insights?${new URLSearchParams({ quiz })}` }), [400]);
    await expectClear(await call(insightsCsv, { as: boss, url: `/api/insights/csv?${new URLSearchParams({ table: "items", quiz })}` }), [400]);
  });

  it.each(["nope", "\u0000", `items\u0000`, LONG, "1e308", "-1", ""].map((value) => [label(value), value] as const))("the Overview's CSV refuses ?table=%s", async (_label, table) => {
    await expectClear(await call(insightsCsv, { as: await admin(), url: `/api/insights/csv?${new URLSearchParams({ table })}` }), [400]);
  });

  it("the Overview answers a well-formed quiz id that names no quiz with 404", async () => {
    const boss = await admin();
    await expectClear(await call(insightsOverview, { as: boss, url: `/api/insights?quiz=${UNKNOWN_ID}` }), [404]);
    await expectClear(await call(insightsCsv, { as: boss, url: `/api/insights/csv?table=items&quiz=${UNKNOWN_ID}` }), [404]);
  });

  it("still serves the Overview and a CSV for valid queries, so each refusal above is the hostile value's", async () => {
    const boss = await admin();
    expect((await call(insightsOverview, { as: boss, url: "/api/insights" })).status).toBe(200);
    expect((await call(insightsCsv, { as: boss, url: "/api/insights/csv?table=seats" })).status).toBe(200);
  });
});

describe("clear messages", () => {
  it("names the largest amount the wallet can hold", async () => {
    const user = await adult();
    const response = await call(credit, { as: user, json: { paymentType: "credit", amount: 21474836.48, payeeName: "Kavya", paysnapurl: `/api/files/${await uploadProof(user)}` } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The amount can be at most ₹2,14,74,836.47.");
  });

  it("takes the largest amount as a plain decimal string", async () => {
    const user = await adult();
    const response = await call(credit, { as: user, json: { paymentType: "credit", amount: "21474836.47", payeeName: "Kavya", paysnapurl: `/api/files/${await uploadProof(user)}` } });
    expect(response.status).toBe(201);
    expect(response.body.transaction).toMatchObject({ amountPaise: 2_147_483_647 });
  });

  it("says an impossible date of birth is not a date", async () => {
    const user = await participant();
    const response = await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: "Asha", dob: "2000-02-31" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Date of birth is not a real date.");
  });

  it("says an impossible quiz date is not a date", async () => {
    const body = { ...(await quizBody(marker())), examDate: "2027-02-30T10:00:00.000Z" };
    const response = await call(addQuiz, { as: await admin(), json: body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Exam date is not a real date.");
  });

  it("says why text with a NUL character is refused", async () => {
    const user = await participant();
    const response = await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: "Asha\u0000Rao" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Name must not contain NUL characters.");
  });

  it("judges a declared Content-Length before reading the body", async () => {
    const response = await call(register, { json: { name: "Asha" }, headers: { "content-length": String(2 * 1024 * 1024) } });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("The request body must be at most 1 MB.");
    // The unread rest of the body must not be taken for the connection's next request (tests/api/front-door.test.ts).
    expect(response.response.headers.get("connection")).toBe("close");
  });

  it("says how many answers a batch may carry", async () => {
    const { quiz } = await openExam({ count: 1 });
    const user = await participant();
    const send = (answers: unknown[]) => call(saveAnswers, { method: "PUT", as: user, params: { quizId: quiz.id }, json: { answers } });
    expect((await send([])).body.message).toBe("Send at least one answer.");
    expect((await send(Array.from({ length: 201 }, () => WELL_FORMED_ANSWER))).body.message).toBe("Send at most 200 answers at a time.");
  });

  it("refuses an upload body over its limit with 413, naming the 5 MB file limit", async () => {
    const form = new FormData();
    form.set("imageType", "payment");
    form.set("file", new Blob([new Uint8Array(6 * 1024 * 1024)]), "proof.png");
    const response = await call(upload, { as: await participant(), form });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("The file size exceeds the 5 MB limit. Please upload a smaller file.");
    expect(response.response.headers.get("connection")).toBe("close");
  });

  it("refuses paying for a quiz with no fee, by UPI or from the wallet, and writes nothing", async () => {
    const user = await adult();
    const quiz = await openRegistration({ entryFeePaise: 0 });
    const byUpi = await call(credit, { as: user, json: { paymentType: "form pay", quizId: quiz.id, payeeName: "Kavya", paysnapurl: `/api/files/${await uploadProof(user)}` } });
    const fromWallet = await call(debit, { as: user, json: { paymentType: "form pay", paymentMode: "wallet", quizId: quiz.id } });
    for (const response of [byUpi, fromWallet]) {
      expect(response.status).toBe(409);
      expect(response.body.message).toBe("This quiz has no entry fee, so there is nothing to pay.");
    }
    expect(await getDb().then((db) => db.select().from(transactions).where(eq(transactions.quizId, quiz.id)))).toEqual([]);
  });
});

/** Issue 32: a PAN belongs to one account; a claim with another account's PAN is held, whatever its spelling. */
describe("prize claims with another account's PAN", () => {
  const claimTarget = () => TARGETS.find((target) => target.route === "POST /api/prizes/{quizId}/claim")!;
  /** A PAN of this run only: AAAAA9999A from random bytes. */
  const freshPan = () => {
    const letters = (count: number) => Array.from(randomBytes(count), (byte) => String.fromCharCode(65 + (byte % 26))).join("");
    return `${letters(5)}${String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, "0")}${letters(1)}`;
  };

  it("is held for review, cannot be approved, tells the claimant nothing about the other account, and a hostile release reason is refused", async () => {
    const pan = freshPan();
    const [first, second] = [await claimTarget().setup(), await claimTarget().setup()];
    const own = await call(claimPrize, { as: first.as, params: first.params, json: { ...first.body, pan } });
    expect(own.body).toMatchObject({ claim: { heldAt: null } });
    // The same PAN in another spelling: lower case, spaced.
    const spelled = `${pan.slice(0, 5).toLowerCase()} ${pan.slice(5)}`;
    const held = await call(claimPrize, { as: second.as, params: second.params, json: { ...second.body, pan: spelled } });
    expect(held.status).toBe(200);
    const claim = (held.body as { claim: { id: string; heldAt: string | null } }).claim;
    expect(claim.heldAt).not.toBeNull();
    for (const secret of [first.as!.id, first.as!.email, first.as!.name]) expect(JSON.stringify(held.body)).not.toContain(secret);

    const boss = await admin();
    expect((await call(approveClaim, { as: boss, params: { claimId: claim.id } })).status).toBe(409);
    const before = await rows((db) => db.select().from(prizeClaims).where(eq(prizeClaims.id, claim.id)));
    for (const reason of ["", "too short", "a\u0000reason long enough", HUGE, 5, null, [], {}]) {
      const response = await call(releaseClaim, { as: boss, params: { claimId: claim.id }, json: { reason } });
      expect(response.status, label(reason)).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await call(releaseClaim, { as: second.as, params: { claimId: claim.id }, json: { reason: "It is my PAN, trust me on this." } })).status).toBe(403);
    expect(await rows((db) => db.select().from(prizeClaims).where(eq(prizeClaims.id, claim.id)))).toEqual(before);
    expect((await call(approveClaim, { as: boss, params: { claimId: claim.id } })).status).toBe(409);
  });

  it("a claim id that is not a claim is refused on release and approval", async () => {
    const boss = await admin();
    for (const claimId of ["not-a-uuid", "\u0000", "5eed0000-0000-4000-8000-00000000dead"]) {
      expect((await call(releaseClaim, { as: boss, params: { claimId }, json: { reason: "A reason long enough to pass." } })).status).toBeOneOf([400, 404]);
      expect((await call(approveClaim, { as: boss, params: { claimId } })).status).toBeOneOf([400, 404]);
    }
  });
});

describe("names", () => {
  const SPOOFS = [
    ["\u202Eevil", "evil"],
    ["a\u200Bb", "ab"],
    ["\uFEFFAsha\u2066 Rao\u2069", "Asha Rao"],
    ["Ra\u200Dvi\u200E", "Ravi"],
  ] as const;

  it.each(SPOOFS)("sign-up stores %j as %j", async (spoofed, stored) => {
    const email = `spoof-${marker()}@example.test`;
    const response = await call(register, { json: { name: spoofed, email, password: TEST_PASSWORD, dob: ADULT_DOB } });
    expect(response.status).toBe(201);
    const db = await getDb();
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.email, email));
    expect(row.name).toBe(stored);
  });

  it.each(SPOOFS)("the profile stores %j as %j", async (spoofed, stored) => {
    const user = await participant();
    const response = await call(editUser, { method: "PUT", as: user, params: { id: user.id }, json: { name: spoofed } });
    expect(response.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(row.name).toBe(stored);
  });

  it("a payee name is stored without them", async () => {
    const user = await adult();
    const response = await call(credit, { as: user, json: { paymentType: "credit", amount: 10, payeeName: "\u202Eevil\u200B", paysnapurl: `/api/files/${await uploadProof(user)}` } });
    expect(response.status).toBe(201);
    const db = await getDb();
    const [row] = await db.select({ payeeName: transactions.payeeName }).from(transactions).where(eq(transactions.userId, user.id));
    expect(row.payeeName).toBe("evil");
  });

  it("a name of invisible characters only is a missing name", async () => {
    const response = await call(register, { json: { name: "\u200B\u202E", email: `spoof-${marker()}@example.test`, password: TEST_PASSWORD, dob: ADULT_DOB } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Name is required.");
  });
});

describe("hostile bank statements", () => {
  const statementUtr = () => String(200_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 700_000_000_000));

  async function pendingTopUp(user: ActiveUser, amountPaise: number, paymentReference: string) {
    return requestTopUp(user, { amountPaise, payeeName: user.name, proofUploadId: await uploadProof(user), paymentReference });
  }

  async function statusOf(id: string) {
    return rows(async (db) => (await db.select({ status: transactions.status, line: transactions.statementLineId }).from(transactions).where(eq(transactions.id, id)))[0]);
  }

  it("matches nothing twice and names each line it refused: repeated lines, a UTR two payments give, an amount a paisa off, a formula and a negative amount", async () => {
    const [payer, other, boss] = [await adult(), await adult(), await admin()];
    const [repeated, shared, paisa, formula, negative] = [statementUtr(), statementUtr(), statementUtr(), statementUtr(), statementUtr()];
    const once = await pendingTopUp(payer, 10_000, repeated);
    const sharedA = await pendingTopUp(payer, 10_000, shared);
    const sharedB = await pendingTopUp(other, 10_000, shared);
    const offByPaisa = await pendingTopUp(payer, 10_000, paisa);
    const injected = await pendingTopUp(payer, 10_000, formula);
    const minus = await pendingTopUp(payer, 10_000, negative);
    const csv = [
      "Narration,Amount",
      `UPI/${repeated},100.00`,
      `UPI/${repeated},100.00`,
      `UPI/${repeated},100.00`,
      `UPI/${shared},100.00`,
      `UPI/${paisa},100.01`,
      `"=HYPERLINK(""http://evil.test"",""${formula}"")",100.00`,
      `UPI/${negative},-100.00`,
    ].join("\n");
    const answer = await call(reconcile, { as: boss, json: { csv, utrColumn: "Narration", amountColumn: "Amount" } });
    expect(answer.status).toBe(200);
    // The formula cell still carries a 12-digit UTR: it is read as text, never run, and matches only its own payment.
    expect((answer.body.matched as string[]).sort()).toEqual([once.id, injected.id].sort());
    const notes = answer.body.notes as { line: number; outcome: string; message: string }[];
    expect(notes.map((note) => [note.line, note.outcome])).toEqual([
      [2, "repeat"],
      [3, "repeat"],
      [4, "conflict"],
      [5, "amount-differs"],
    ]);
    for (const note of notes) expect(note.message).toMatch(new RegExp(`^Line ${note.line}\\b`));
    for (const id of [sharedA.id, sharedB.id, offByPaisa.id, minus.id]) expect(await statusOf(id)).toEqual({ status: "pending", line: null });
    for (const id of [once.id, injected.id]) expect((await statusOf(id)).status).toBe("pending");
    expect(await balanceOf(payer.id)).toBe(0);
  });

  it("takes a statement of 20,000 lines in one go, keeping every line", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const reference = statementUtr();
    const payment = await pendingTopUp(payer, 10_000, reference);
    const filler = Array.from({ length: 19_999 }, (_, index) => `NEFT ${index},1.00`);
    const csv = ["Narration,Amount", ...filler, `UPI/${reference},100.00`].join("\n");
    const answer = await call(reconcile, { as: boss, json: { csv, utrColumn: "Narration", amountColumn: "Amount" } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ lines: 20_000, readable: 1, matched: [payment.id] });
    const [{ kept }] = await rows((db) => db.select({ kept: count() }).from(statementLines).where(eq(statementLines.statementId, String(answer.body.statementId))));
    expect(kept).toBe(20_000);
  });

  it("refuses a refund of money no bank line shows, and a verification of a flagged payment without a reason, changing nothing", async () => {
    const [payer, boss] = [await adult(), await admin()];
    const reference = statementUtr();
    const earlier = await pendingTopUp(payer, 10_000, reference);
    await call(review, { as: boss, params: { id: earlier.id }, json: { paymentVerified: "rejected" } });
    const flagged = await pendingTopUp(payer, 10_000, reference);
    for (const reason of [undefined, "", "   "]) {
      const answer = await call(review, { as: boss, params: { id: flagged.id }, json: { paymentVerified: "verified", ...(reason === undefined ? {} : { reason }) } });
      expect(answer.status).toBe(400);
    }
    expect(await statusOf(flagged.id)).toEqual({ status: "pending", line: null });
    expect(await balanceOf(payer.id)).toBe(0);
  });
});

describe("hostile question content (issue 36)", () => {
  const HOSTILE = {
    "a \\def loop": "$\\def\\a{\\a\\a}\\a$",
    "a \\gdef that would outlive its question": "$\\gdef\\z{1}\\z$",
    "a huge \\rule": "$\\rule{100000em}{100000em}$",
    "\\href to javascript:": "$\\href{javascript:alert(1)}{click}$",
    "\\url": "$\\url{https://evil.example/}$",
    "\\htmlClass": "$\\htmlClass{x}{y}$",
    "deep nesting": `$${"{".repeat(900)}x${"}".repeat(900)}$`,
    "a raw <script>": "<script>alert(1)</script> What is 2 + 2?",
    "a javascript: link": "[win a prize](javascript:alert(1))",
    "an image that loads from another host": "![x](https://tracker.example/p.png?who=me)",
    "an onerror attribute": '<img src=x onerror="alert(1)">',
  };

  // The bound is on what the hostile text costs, not on loading the renderer's engines (the speech
  // engine takes a second or more, once per process, on a slow machine): an ordinary formula first.
  beforeAll(async () => {
    const warmUp = await call(addQuestion, { as: await admin(), json: { text: "What is $\\frac{5}{2}$?", subject: `warm-up-${randomBytes(4).toString("hex")}`, options: ["1", "2", "3", "4"], correctOptionIndex: 0 } });
    expect(warmUp.status).toBe(201);
  });

  for (const [name, text] of Object.entries(HOSTILE)) {
    it(`${name}: refused with a message and nothing stored, or stored as harmless HTML, within a second`, async () => {
      const subject = `hostile-${randomBytes(4).toString("hex")}`;
      const started = performance.now();
      const response = await call(addQuestion, { as: await admin(), json: { text, subject, options: ["1", "2", "3", "4"], correctOptionIndex: 0 } });
      expect(performance.now() - started).toBeLessThan(1_000);
      const db = await getDb();
      const stored = await db.select().from(questions).where(eq(questions.subject, subject));
      if (response.status === 201) {
        const html = stored[0].rendered?.en.text ?? "";
        expect(unsafeMarkup(html)).toEqual([]);
        expect(html).not.toMatch(/<(script|img|a)\b|\son\w+=|href=/i);
      } else {
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(/^Question text: line \d+, column \d+: /);
        expect(stored).toEqual([]);
      }
    });
  }
});

describe("hostile question images and ZIPs (issue 36)", () => {
  const PNG_IMAGE = encodeGreyPng(8, 8, new Uint8Array(64).fill(200));
  const form = (bytes: Uint8Array | string, name: string) => {
    const data = new FormData();
    data.set("file", new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name));
    return data;
  };
  // Counted by who uploaded them: other files upload question images into the same database meanwhile.
  const imagesUploadedBy = async (user: ActiveUser) => (await (await getDb()).select({ id: questionImages.id }).from(questionImages).where(eq(questionImages.uploadedById, user.id))).length;
  const bank = (text: string, images: { name: string; bytes: Uint8Array }[]) =>
    writeZip([{ name: "questions.csv", bytes: Buffer.from(`text,subject,option1,option2,option3,option4,correctOptionIndex\n"${text}",Maths,1,2,3,4,0`) }, ...images.map((image) => ({ name: image.name, bytes: Buffer.from(image.bytes) }))]);

  const NOT_IMAGES: Record<string, string | Uint8Array> = {
    "an SVG with a script": '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    "HTML named .png": "<!doctype html><script>alert(1)</script>",
    "a PDF": "%PDF-1.7\n1 0 obj << >> endobj",
    "a PNG signature with nothing after it": PNG_IMAGE.subarray(0, 12),
  };
  for (const [name, bytes] of Object.entries(NOT_IMAGES)) {
    it(`an image upload of ${name} is refused with 400, and nothing is stored`, async () => {
      const uploader = await admin();
      const response = await call(uploadQuestionImage, { as: uploader, form: form(bytes, "diagram.png") });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^(SVG images are not accepted|Please upload an image file)/);
      expect(await imagesUploadedBy(uploader)).toBe(0);
    });
  }

  it("content cannot show another kind of upload (a payment proof) by naming its id as an image", async () => {
    const payer = await participant();
    const proof = await call(upload, { as: payer, form: (() => { const data = form(PNG_IMAGE, "proof.png"); data.set("imageType", "payment"); return data; })() });
    expect(proof.status).toBe(201);
    const subject = `hostile-${randomBytes(4).toString("hex")}`;
    const response = await call(addQuestion, { as: await admin(), json: { text: `See ![the proof](image:${proof.body.id})`, subject, options: ["1", "2", "3", "4"], correctOptionIndex: 0 } });
    expect(response.status).toBe(400);
    expect(response.body.message).toContain("is not one of the uploaded images");
    expect(await (await getDb()).select().from(questions).where(eq(questions.subject, subject))).toEqual([]);
  });

  const ZIPS: Record<string, { zip: () => Buffer; message: string }> = {
    "a path outside its folder": { zip: () => bank("x", [{ name: "../../etc/cron.d/x.png", bytes: PNG_IMAGE }]), message: 'The ZIP cannot be imported: "../../etc/cron.d/x.png" points outside the ZIP\'s folder' },
    "an absolute path": { zip: () => bank("x", [{ name: "/etc/passwd", bytes: PNG_IMAGE }]), message: 'The ZIP cannot be imported: "/etc/passwd" points outside the ZIP\'s folder' },
    "a Windows drive path": { zip: () => bank("x", [{ name: "C:\\evil.png", bytes: PNG_IMAGE }]), message: 'The ZIP cannot be imported: "C:\\evil.png" points outside the ZIP\'s folder' },
    "an image that is not one": { zip: () => bank("x", [{ name: "images/a.png", bytes: Buffer.from("<svg/>") }]), message: 'The ZIP cannot be imported: "images/a.png": not a PNG, JPEG, WebP or GIF image of at most 5 MB (SVG is not accepted)' },
    "an entry over 5 MB once unpacked": { zip: () => bank("x", [{ name: "images/big.png", bytes: Buffer.alloc(6 * 1024 * 1024) }]), message: 'The ZIP cannot be imported: "images/big.png" is larger than 5 MB' },
    "no CSV": { zip: () => writeZip([{ name: "images/a.png", bytes: PNG_IMAGE }]), message: "The ZIP cannot be imported: it must hold exactly one CSV file beside the images folder (found 0)" },
  };
  for (const [name, { zip, message }] of Object.entries(ZIPS)) {
    it(`a ZIP with ${name} is refused whole with 400, and nothing is stored`, async () => {
      const importer = await admin();
      const response = await call(importQuestionBank, { as: importer, form: form(zip(), "bank.zip") });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(await imagesUploadedBy(importer)).toBe(0);
    });
  }

  it("a 1 GB ZIP is refused by its length before it is read, with 413", async () => {
    const response = await call(importQuestionBank, { as: await admin(), form: form(bank("x", []), "bank.zip"), headers: { "content-length": String(1024 ** 3) } });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("The ZIP file must be at most 50 MB.");
  });

  it("a CSV naming an image the ZIP does not hold is refused on that row, and nothing is stored", async () => {
    const label = `hostile-${randomBytes(4).toString("hex")}`;
    const importer = await admin();
    const response = await call(importQuestionBank, { as: importer, form: form(bank(`${label} ![a figure](images/absent.png)`, [{ name: "images/present.png", bytes: PNG_IMAGE }]), "bank.zip") });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ row: 2, message: 'The image "images/absent.png" is not in the ZIP\'s images folder.' }]);
    expect(await imagesUploadedBy(importer)).toBe(0);
  });
});
