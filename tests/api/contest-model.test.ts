import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { POST as addQuiz } from "@/app/api/addquizes/route";
import { POST as duplicate } from "@/app/api/quizzes/[quizId]/duplicate/route";
import { PUT as editQuiz } from "@/app/api/updatequizes/[id]/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { POST as submit } from "@/app/api/exam/[quizId]/submit/route";
import { POST as register } from "@/app/api/quizzes/[quizId]/register/route";
import { auditLog, quizQuestions, quizzes, transactions } from "@/db/schema";
import { config, loadConfig } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import { CASH_PRIZES_FORBIDDEN, CASH_PRIZES_UNCONFIRMED, catalogued, CERTIFICATES_WITH_CASH, CONTEST_MODEL_LOCKED, CONTEST_MODEL_REQUIRED, FREE_ENTRY_WITH_FEE, NO_ENTRY_FEE, NOT_FREE_ENTRY } from "@/lib/catalogue";
import { payEntryFeeFromWallet } from "@/lib/payments";
import { contestModelsInUse, createQuiz, loadDashboard, updateQuiz } from "@/lib/quizzes";
import type { QuizInput } from "@/lib/quizzes/schemas";
import { asBody, cashQuizInput } from "@/tests/support/factories";
import { markPaid, openExam } from "../support/exam";
import { createQuestion, createQuiz as insertQuiz } from "../support/factories";
import { call } from "../support/http";
import { VISITOR } from "@/lib/auth";
import { admin, participant } from "../support/users";
import { adult, balanceOf, countRows } from "../support/wallet";

afterAll(closeDatabase);

const DAY = 86_400_000;
const HOUR = 3_600_000;
const suiteContest = { ...config.contest };
afterEach(() => Object.assign(config.contest, suiteContest));

/**
 * Most of these tests save quizzes as paid entry with cash prizes, which the deployment must allow
 * (CASH_PRIZES_ALLOWED, false unless set) and the admin must confirm is lawful where the quiz runs.
 */
function allowCashPrizes() {
  config.contest.cashPrizesAllowed = true;
}


const titled = (title: string) => countRows(quizzes, eq(quizzes.title, title));

/** A free-entry quiz whose registration is open now, with three questions whose answer is option 1. */
async function freeQuiz(overrides: Partial<typeof quizzes.$inferInsert> = {}) {
  const db = await getDb();
  const quiz = await insertQuiz(db, { title: `Free Olympiad ${randomBytes(4).toString("hex")}`, contestModel: "free_entry", entryFeePaise: 0, prizeMoneyPaise: 0, questionCount: 3, ...overrides });
  for (let position = 0; position < 3; position++) {
    const question = await createQuestion(db, { text: `Free question ${position + 1}`, correctOptionIndex: 1, options: ["A", "B", "C", "D"] });
    await db.insert(quizQuestions).values({ quizId: quiz.id, questionId: question.id, position });
  }
  return quiz;
}

/** Registration closes and the exam window opens: the quiz's dates move back, as time would. */
async function openTheExam(quizId: string) {
  const db = await getDb();
  const now = Date.now();
  await db
    .update(quizzes)
    .set({ formStartAt: new Date(now - 3 * HOUR), formEndAt: new Date(now - 2 * HOUR), examStartAt: new Date(now - HOUR), examEndAt: new Date(now + 2 * HOUR), resultAt: new Date(now + 3 * HOUR) })
    .where(eq(quizzes.id, quizId));
}

describe("a free-entry quiz", () => {
  it("is registered for, started and submitted without any payment, and the registration takes a seat", async () => {
    const quiz = await freeQuiz({ capacity: 2 });
    const player = await adult();
    const balance = await balanceOf(player.id);

    const dashboardBefore = await loadDashboard(player);
    const card = dashboardBefore.quizzes.find((entry) => entry.id === quiz.id)!;
    expect(card.action).toEqual({ kind: "register-free" });
    expect(card.seatsLeft).toBe(2);

    const registered = await call(register, { as: player, params: { quizId: quiz.id } });
    expect(registered.status).toBe(201);
    const again = await call(register, { as: player, params: { quizId: quiz.id } });
    expect(again.status).toBe(409);

    // No money moved: one verified entry of ₹0, the wallet untouched, nothing for an admin to verify.
    const db = await getDb();
    const rows = await db.select().from(transactions).where(and(eq(transactions.userId, player.id), eq(transactions.quizId, quiz.id)));
    expect(rows).toMatchObject([{ type: "form pay", status: "verified", amountPaise: 0 }]);
    expect(await balanceOf(player.id)).toBe(balance);
    const after = (await loadDashboard(player)).quizzes.find((entry) => entry.id === quiz.id)!;
    expect(after.seatsLeft).toBe(1);
    expect(after.action.kind).toBe("exam-upcoming");

    // Paying for a free quiz is refused: there is nothing to pay.
    await expect(payEntryFeeFromWallet(await adult(), quiz.id)).rejects.toThrow(NO_ENTRY_FEE);

    await openTheExam(quiz.id);
    expect((await loadDashboard(player)).quizzes.find((entry) => entry.id === quiz.id)!.action).toEqual({ kind: "start", resume: false });
    const started = await call(start, { as: player, params: { quizId: quiz.id } });
    expect(started.status).toBe(200);
    const done = await call(submit, { as: player, params: { quizId: quiz.id } });
    expect(done.status).toBe(200);
    expect((done.body as { submitted: unknown }).submitted).toMatchObject({ totalMarks: 3 });
  });

  it("is not started by someone who did not register, who is told to register, not to pay", async () => {
    const quiz = await freeQuiz();
    await openTheExam(quiz.id);
    const { status, body } = await call(start, { as: await participant(), params: { quizId: quiz.id } });
    expect(status).toBe(403);
    expect(body.message).toMatch(/not registered for this free quiz/);
  });

  it("keeps its seats: registration is refused once the free seats are taken", async () => {
    const quiz = await freeQuiz({ capacity: 1 });
    expect((await call(register, { as: await adult(), params: { quizId: quiz.id } })).status).toBe(201);
    const late = await call(register, { as: await adult(), params: { quizId: quiz.id } });
    expect(late.status).toBe(409);
  });

  it("is refused with an entry fee, through the route and the service, and nothing is stored", async () => {
    const boss = await admin();
    const input = cashQuizInput({ contestModel: "free_entry", entryFee: 100 });
    const refused = await call(addQuiz, { as: boss, json: asBody(input) });
    expect(refused).toMatchObject({ status: 400, body: { message: FREE_ENTRY_WITH_FEE } });
    await expect(createQuiz(boss, input)).rejects.toThrow(new Invalid(catalogued(FREE_ENTRY_WITH_FEE)));
    expect(await titled(input.title)).toBe(0);

    const saved = await call(addQuiz, { as: boss, json: asBody(cashQuizInput({ contestModel: "free_entry", entryFee: 0 })) });
    expect(saved.status).toBe(201);
  });
});

describe("a certificates-only quiz", () => {
  it("is refused with cash prize tiers or prize money, and saved without prizes of money's worth", async () => {
    const boss = await admin();
    const withCash = cashQuizInput({ contestModel: "paid_certificates" });
    expect(await call(addQuiz, { as: boss, json: asBody(withCash) })).toMatchObject({ status: 400, body: { message: CERTIFICATES_WITH_CASH } });
    await expect(createQuiz(boss, withCash)).rejects.toThrow(new Invalid(catalogued(CERTIFICATES_WITH_CASH)));
    const withMoney = cashQuizInput({ contestModel: "paid_certificates", prizeMoney: 1_000, prizes: undefined });
    await expect(createQuiz(boss, withMoney)).rejects.toThrow(new Invalid(catalogued(CERTIFICATES_WITH_CASH)));
    expect(await titled(withCash.title)).toBe(0);

    const passes = cashQuizInput({ contestModel: "paid_certificates", prizeMoney: 0, prizes: [] });
    const saved = await call(addQuiz, { as: boss, json: asBody(passes) });
    expect(saved.status).toBe(201);
    const [row] = await (await getDb()).select().from(quizzes).where(eq(quizzes.title, passes.title));
    expect(row).toMatchObject({ contestModel: "paid_certificates", prizeMoneyPaise: 0, entryFeePaise: 10_000 });
  });
});

describe("lawful by default", () => {
  it("a quiz cannot be saved as paid entry with cash prizes while CASH_PRIZES_ALLOWED is false, which it is unless set", async () => {
    expect(loadConfig({}).contest.cashPrizesAllowed).toBe(false);
    expect(loadConfig({ CASH_PRIZES_ALLOWED: "true" }).contest.cashPrizesAllowed).toBe(true);
    config.contest.cashPrizesAllowed = false;
    const boss = await admin();

    // Even with the admin's confirmation: the deployment forbids the model.
    const input = cashQuizInput();
    expect(await call(addQuiz, { as: boss, json: asBody(input) })).toMatchObject({ status: 400, body: { message: CASH_PRIZES_FORBIDDEN } });
    await expect(createQuiz(boss, input)).rejects.toThrow(new Invalid(catalogued(CASH_PRIZES_FORBIDDEN)));
    expect(await titled(input.title)).toBe(0);

    // Nor by editing a quiz into it, nor by copying one that has it (from before it was forbidden).
    const certificates = await createQuiz(boss, cashQuizInput({ contestModel: "paid_certificates", prizeMoney: 0, prizes: [] }));
    const edited = await call(editQuiz, { method: "PUT", as: boss, params: { id: certificates.id }, json: asBody(cashQuizInput({ title: certificates.title })) });
    expect(edited).toMatchObject({ status: 400, body: { message: CASH_PRIZES_FORBIDDEN } });
    const db = await getDb();
    const legacy = await insertQuiz(db, { title: `Legacy cash ${randomBytes(4).toString("hex")}`, contestModel: "paid_cash" });
    expect(await call(duplicate, { as: boss, params: { quizId: legacy.id } })).toMatchObject({ status: 400, body: { message: CASH_PRIZES_FORBIDDEN } });
    expect(await titled(`${legacy.title} (copy)`)).toBe(0);
    const [still] = await db.select({ model: quizzes.contestModel }).from(quizzes).where(eq(quizzes.id, certificates.id));
    expect(still.model).toBe("paid_certificates");

    // The other two models still save.
    await expect(createQuiz(boss, cashQuizInput({ contestModel: "free_entry", entryFee: 0 }))).resolves.toMatchObject({ contestModel: "free_entry" });
    await expect(
      updateQuiz(boss, certificates.id, cashQuizInput({ title: certificates.title, contestModel: "free_entry", entryFee: 0, prizeMoney: 0, prizes: [] })),
    ).resolves.toMatchObject({ contestModel: "free_entry" });
  });

  it("refuses a quiz without a contest model with a clear 400, through the route and the service", async () => {
    const boss = await admin();
    const { contestModel: _model, ...older } = cashQuizInput();
    expect(await call(addQuiz, { as: boss, json: asBody(older as QuizInput) })).toMatchObject({ status: 400, body: { message: CONTEST_MODEL_REQUIRED } });
    await expect(createQuiz(boss, older as QuizInput)).rejects.toThrow(new Invalid(catalogued(CONTEST_MODEL_REQUIRED)));
    expect(await titled(older.title)).toBe(0);

    const existing = await createQuiz(boss, cashQuizInput({ contestModel: "free_entry", entryFee: 0 }));
    const { contestModel: _again, ...edit } = cashQuizInput({ title: existing.title, entryFee: 0 });
    expect(await call(editQuiz, { method: "PUT", as: boss, params: { id: existing.id }, json: asBody(edit as QuizInput) })).toMatchObject({
      status: 400,
      body: { message: CONTEST_MODEL_REQUIRED },
    });
  });

  it("saves paid entry with cash prizes, where allowed, only once the admin confirms it is lawful where the quiz runs, and audits the confirmation", async () => {
    allowCashPrizes();
    const boss = await admin();
    const unconfirmed = cashQuizInput({ cashPrizesLawfulConfirmed: undefined });
    expect(await call(addQuiz, { as: boss, json: asBody(unconfirmed) })).toMatchObject({ status: 400, body: { message: CASH_PRIZES_UNCONFIRMED } });
    await expect(createQuiz(boss, { ...unconfirmed, cashPrizesLawfulConfirmed: false })).rejects.toThrow(new Invalid(catalogued(CASH_PRIZES_UNCONFIRMED)));
    expect(await titled(unconfirmed.title)).toBe(0);

    const saved = await call(addQuiz, { as: boss, json: asBody(cashQuizInput({ title: unconfirmed.title })) });
    expect(saved.status).toBe(201);
    const quizId = (saved.body.quiz as { id: string }).id;
    const db = await getDb();
    const entries = () => db.select().from(auditLog).where(and(eq(auditLog.action, "quiz.contestModel"), eq(auditLog.subjectId, quizId))).orderBy(auditLog.createdAt, auditLog.id);
    expect(await entries()).toMatchObject([
      { actorId: boss.id, subjectType: "quiz", before: null, after: { contestModel: "paid_cash", cashPrizesLawfulConfirmed: true }, reason: expect.stringMatching(/lawful where this quiz runs/) },
    ]);

    // Each save as paid entry with cash prizes is confirmed again, and recorded again.
    const edit = cashQuizInput({ title: unconfirmed.title, description: "Now described.", cashPrizesLawfulConfirmed: undefined });
    expect(await call(editQuiz, { method: "PUT", as: boss, params: { id: quizId }, json: asBody(edit) })).toMatchObject({ status: 400, body: { message: CASH_PRIZES_UNCONFIRMED } });
    expect((await call(editQuiz, { method: "PUT", as: boss, params: { id: quizId }, json: asBody({ ...edit, cashPrizesLawfulConfirmed: true }) })).status).toBe(200);
    expect(await entries()).toHaveLength(2);

    // A copy is paid entry with cash prizes too: it needs the same confirmation.
    expect(await call(duplicate, { as: boss, params: { quizId } })).toMatchObject({ status: 400, body: { message: CASH_PRIZES_UNCONFIRMED } });
    const copy = await call(duplicate, { as: boss, params: { quizId }, url: "/api/quizzes/x/duplicate?cashPrizesLawfulConfirmed=true" });
    expect(copy.status).toBe(201);
    const copyId = (copy.body.quiz as { id: string }).id;
    expect(await db.select({ after: auditLog.after }).from(auditLog).where(and(eq(auditLog.action, "quiz.contestModel"), eq(auditLog.subjectId, copyId)))).toEqual([
      { after: { contestModel: "paid_cash", cashPrizesLawfulConfirmed: true, copiedFrom: quizId } },
    ]);

    // The other models need no confirmation; their entry records that none was given.
    const free = await call(addQuiz, { as: boss, json: asBody(cashQuizInput({ contestModel: "free_entry", entryFee: 0, cashPrizesLawfulConfirmed: undefined })) });
    expect(free.status).toBe(201);
    const [freeEntry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "quiz.contestModel"), eq(auditLog.subjectId, (free.body.quiz as { id: string }).id)));
    expect(freeEntry).toMatchObject({ after: { contestModel: "free_entry", cashPrizesLawfulConfirmed: false }, reason: null });
  });
});

describe("the models in use, which the terms and the home page describe", () => {
  it("are those of the competitions still running or paying prizes, never the demo's, whatever the configuration allows", async () => {
    const db = await getDb();
    // Far ahead, where only the quizzes made here are still running.
    const later = new Date(Date.UTC(2200, 0, 1));
    const at = (days: number) => new Date(later.getTime() + days * DAY);
    const dates = { formStartAt: at(-3), formEndAt: at(-2), examStartAt: at(-2), examEndAt: at(-1) };
    expect(await contestModelsInUse(VISITOR, later)).toEqual([]);
    // The demo (free entry, open for ten years from the seed) is never one of them.
    expect(await contestModelsInUse(VISITOR, new Date(Date.now() + 4 * 365 * DAY))).toEqual([]);
    await insertQuiz(db, { ...dates, resultAt: at(2), title: `Certificates later ${randomBytes(4).toString("hex")}`, contestModel: "paid_certificates", prizeMoneyPaise: 0 });
    expect(await contestModelsInUse(VISITOR, later)).toEqual(["paid_certificates"]);
    config.contest.cashPrizesAllowed = true;
    expect(await contestModelsInUse(VISITOR, later)).toEqual(["paid_certificates"]);

    // A paid-with-cash quiz whose result came out within the claim period still pays its winners.
    await insertQuiz(db, { ...dates, resultAt: at(-1), title: `Cash later ${randomBytes(4).toString("hex")}`, contestModel: "paid_cash" });
    expect(await contestModelsInUse(VISITOR, later)).toEqual(["paid_certificates", "paid_cash"]);
    expect(await contestModelsInUse(VISITOR, at(config.payouts.claimDays + 5))).toEqual([]);
  });
});

describe("the contest model", () => {
  it("is fixed once registration opens: participants registered under it", async () => {
    allowCashPrizes();
    const boss = await admin();
    const opened = cashQuizInput({ formStartDate: new Date(Date.now() - DAY) });
    const quiz = await createQuiz(boss, opened);
    const changed = await call(editQuiz, { method: "PUT", as: boss, params: { id: quiz.id }, json: asBody({ ...opened, contestModel: "free_entry", entryFee: 0 }) });
    expect(changed).toMatchObject({ status: 409, body: { message: CONTEST_MODEL_LOCKED } });
    expect((await call(editQuiz, { method: "PUT", as: boss, params: { id: quiz.id }, json: asBody({ ...opened, description: "Still paid." }) })).status).toBe(200);
  });
});

describe("existing quizzes", () => {
  it("are paid entry with cash prizes, taken only with a verified fee as before", async () => {
    const db = await getDb();
    const { quiz } = await openExam();
    expect(quiz.contestModel).toBe("paid_cash");
    const unpaid = await participant();
    const refused = await call(start, { as: unpaid, params: { quizId: quiz.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/has not been verified/);
    await markPaid(unpaid, quiz.id);
    expect((await call(start, { as: unpaid, params: { quizId: quiz.id } })).status).toBe(200);

    // A paid quiz is not registered for free, and a zero row is refused by the ledger for anything but that.
    const paidQuiz = await insertQuiz(db, { title: `Paid ${randomBytes(4).toString("hex")}` });
    const free = await call(register, { as: await adult(), params: { quizId: paidQuiz.id } });
    expect(free).toMatchObject({ status: 409, body: { message: NOT_FREE_ENTRY } });
    await expect(
      db.execute(sql`insert into transactions (user_id, type, mode, status, amount_paise, reason) values (${unpaid.id}, 'credit', 'upi', 'pending', 0, 'zero')`),
    ).rejects.toThrow();
  });
});
