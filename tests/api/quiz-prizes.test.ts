import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as addQuiz } from "@/app/api/addquizes/route";
import { PUT as updateQuizRoute } from "@/app/api/updatequizes/[id]/route";
import { auditLog, prizeTiers, quizzes } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { config } from "@/lib/config";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict, Invalid } from "@/lib/errors";
import { catalogued, PRIZE_RANKS_OVERLAP, PRIZES_LOCKED, prizeSumMismatch } from "@/lib/catalogue";
import { createQuiz, duplicateQuiz, listCompetitions, listQuizzesForAdmin, loadDashboard, quizPrizeTable, updateQuiz } from "@/lib/quizzes";
import type { QuizInput } from "@/lib/quizzes/schemas";
import { asBody, cashQuizInput } from "@/tests/support/factories";
import { DEFAULT_PRIZE_TIERS } from "@/lib/seed";
import { call } from "../support/http";
import { admin, participant } from "../support/users";
import { countRows } from "../support/wallet";

afterAll(closeDatabase);

// These prize tables pay cash for a paid entry, which CASH_PRIZES_ALLOWED forbids unless set: this
// file allows it, as a deployment that turned it on would (each quiz below is confirmed lawful).
const cashPrizesAllowed = config.contest.cashPrizesAllowed;
beforeAll(() => {
  config.contest.cashPrizesAllowed = true;
});
afterAll(() => {
  config.contest.cashPrizesAllowed = cashPrizesAllowed;
});


/** Three cash positions and seven free passes, on a quiz whose registration opens tomorrow. */
const prizeQuizInput = (overrides: Partial<QuizInput> = {}): QuizInput =>
  cashQuizInput({
    entryFee: 10,
    prizes: [
      { rankFrom: 1, rankTo: 1, kind: "cash", amount: 500 },
      { rankFrom: 2, rankTo: 3, kind: "cash", amount: 250 },
      { rankFrom: 4, rankTo: 10, kind: "free_pass" },
    ],
    ...overrides,
  });


async function storedTiers(quizId: string) {
  const db = await getDb();
  return db
    .select({ rankFrom: prizeTiers.rankFrom, rankTo: prizeTiers.rankTo, kind: prizeTiers.kind, amountPaise: prizeTiers.amountPaise })
    .from(prizeTiers)
    .where(eq(prizeTiers.quizId, quizId))
    .orderBy(asc(prizeTiers.rankFrom));
}

const OWN_TABLE = [
  { rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 50_000 },
  { rankFrom: 2, rankTo: 3, kind: "cash", amountPaise: 25_000 },
  { rankFrom: 4, rankTo: 10, kind: "free_pass", amountPaise: 0 },
];

describe("a quiz's own prize table", () => {
  it("is refused with the sums in the message when the cash does not add up to the prize money, and nothing is stored", async () => {
    const boss = await admin();
    const input = prizeQuizInput({ prizeMoney: 1_200 });
    const refused = await call(addQuiz, { as: boss, json: asBody(input) });
    expect(refused).toMatchObject({ status: 400, body: { message: prizeSumMismatch(100_000, 120_000) } });
    expect(prizeSumMismatch(100_000, 120_000)).toBe("The cash prizes add up to ₹1,000 but the prize money is ₹1,200.");
    await expect(createQuiz(boss, input)).rejects.toThrow(new Invalid(catalogued(prizeSumMismatch(100_000, 120_000))));
    expect(await countRows(quizzes, eq(quizzes.title, input.title))).toBe(0);

    // The same on an edit: the quiz and its table stay as they were.
    const quiz = await createQuiz(boss, prizeQuizInput());
    const edit = await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: quiz.id }, json: asBody({ ...input, title: "Renamed" }) });
    expect(edit).toMatchObject({ status: 400, body: { message: prizeSumMismatch(100_000, 120_000) } });
    await expect(updateQuiz(boss, quiz.id, { ...prizeQuizInput(), prizeMoney: 900 })).rejects.toThrow(new Invalid(catalogued(prizeSumMismatch(100_000, 90_000))));
    const db = await getDb();
    const [after] = await db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(after).toMatchObject({ title: quiz.title, prizeMoneyPaise: 100_000 });
    expect(await storedTiers(quiz.id)).toEqual(OWN_TABLE);
  });

  it("refuses overlapping rank ranges, a range ending before it starts and a zero cash prize", async () => {
    const boss = await admin();
    const overlapping = prizeQuizInput({
      prizes: [
        { rankFrom: 1, rankTo: 2, kind: "cash", amount: 500 },
        { rankFrom: 2, rankTo: 2, kind: "free_pass" },
      ],
    });
    expect(await call(addQuiz, { as: boss, json: asBody(overlapping) })).toMatchObject({ status: 400, body: { message: PRIZE_RANKS_OVERLAP } });
    await expect(createQuiz(boss, overlapping)).rejects.toThrow(new Invalid(catalogued(PRIZE_RANKS_OVERLAP)));
    expect(await countRows(quizzes, eq(quizzes.title, overlapping.title))).toBe(0);

    const backwards = await call(addQuiz, { as: boss, json: asBody(prizeQuizInput({ prizes: [{ rankFrom: 3, rankTo: 1, kind: "cash", amount: 1_000 }] })) });
    expect(backwards.status).toBe(400);
    const zero = await call(addQuiz, { as: boss, json: asBody(prizeQuizInput({ prizeMoney: 0, prizes: [{ rankFrom: 1, rankTo: 1, kind: "cash", amount: 0 }] })) });
    expect(zero).toMatchObject({ status: 400, body: { message: "A cash prize must be more than ₹0." } });
  });

  it("is stored as the quiz's own, replaced on an edit with a quiz.prizes audit entry, and copied with the quiz", async () => {
    const boss = await admin();
    const created = await call(addQuiz, { as: boss, json: asBody(prizeQuizInput()) });
    expect(created.status).toBe(201);
    const quizId = (created.body.quiz as { id: string }).id;
    expect(await storedTiers(quizId)).toEqual(OWN_TABLE);

    const changed = prizeQuizInput({ prizeMoney: 2_000, prizes: [{ rankFrom: 1, rankTo: 4, kind: "cash", amount: 500 }] });
    const edit = await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: quizId }, json: asBody(changed) });
    expect(edit).toMatchObject({ status: 200, body: { message: "Quiz updated." } });
    const after = [{ rankFrom: 1, rankTo: 4, kind: "cash", amountPaise: 50_000 }];
    expect(await storedTiers(quizId)).toEqual(after);

    const db = await getDb();
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.action, "quiz.prizes"), eq(auditLog.subjectId, quizId))).orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ actorId: boss.id, subjectType: "quiz", before: OWN_TABLE, after });

    // Saving the same table again (the form always sends it) is no change and writes no entry.
    await updateQuiz(boss, quizId, { ...changed, description: "Now with a description" });
    expect(await countRows(auditLog, and(eq(auditLog.action, "quiz.prizes"), eq(auditLog.subjectId, quizId)))).toBe(2);

    const copy = await duplicateQuiz(boss, quizId, { cashPrizesLawfulConfirmed: true });
    expect(await storedTiers(copy.id)).toEqual(after);
  });

  it("is locked with the quiz's prize money once registration opens, while other changes still save", async () => {
    const boss = await admin();
    const open = prizeQuizInput({ formStartDate: new Date(Date.now() - 60_000) });
    const quiz = await createQuiz(boss, open);
    const tryTable = await call(updateQuizRoute, {
      method: "PUT",
      as: boss,
      params: { id: quiz.id },
      json: asBody({ ...open, prizes: [{ rankFrom: 1, rankTo: 2, kind: "cash", amount: 500 }] }),
    });
    expect(tryTable).toMatchObject({ status: 409, body: { message: PRIZES_LOCKED } });
    await expect(updateQuiz(boss, quiz.id, { ...open, prizeMoney: 2_000, prizes: [{ rankFrom: 1, rankTo: 1, kind: "cash", amount: 2_000 }] })).rejects.toThrow(new Conflict(catalogued(PRIZES_LOCKED)));
    await expect(updateQuiz(boss, quiz.id, { ...open, prizeMoney: 2_000, prizes: undefined })).rejects.toThrow(new Conflict(catalogued(PRIZES_LOCKED)));
    expect(await storedTiers(quiz.id)).toEqual(OWN_TABLE);
    expect(await countRows(auditLog, and(eq(auditLog.action, "quiz.prizes"), eq(auditLog.subjectId, quiz.id)))).toBe(1);

    // The same prizes (or none sent, as the locked form does) with a new description save.
    await updateQuiz(boss, quiz.id, { ...open, description: "Same prizes" });
    await updateQuiz(boss, quiz.id, { ...open, description: "Still the same prizes", prizes: undefined });
    const listed = (await listQuizzesForAdmin(boss)).find((row) => row.id === quiz.id);
    expect(listed).toMatchObject({ description: "Still the same prizes", prizesLocked: true, prizeSource: "own", prizes: OWN_TABLE });
  });

  it("is what the dashboard cards, the quiz list and quizPrizeTable show; the default only where it adds up", async () => {
    const boss = await admin();
    const own = await createQuiz(boss, prizeQuizInput({ formStartDate: new Date(Date.now() - 60_000) }));
    // Created without a table: a ₹1,000 quiz never shows the default's ₹1,00,000 first prize...
    const small = await createQuiz(boss, prizeQuizInput({ formStartDate: new Date(Date.now() - 60_000), prizes: undefined }));
    // ...while a quiz whose prize money the default adds up to keeps falling back to it.
    const usual = await createQuiz(boss, prizeQuizInput({ prizeMoney: 176_000, formStartDate: new Date(Date.now() - 60_000), prizes: undefined }));

    expect(await quizPrizeTable(VISITOR, own.id)).toEqual({ source: "own", tiers: OWN_TABLE });
    expect(await quizPrizeTable(VISITOR, small.id)).toEqual({ source: "none", tiers: [] });
    expect(await quizPrizeTable(VISITOR, usual.id)).toEqual({ source: "default", tiers: DEFAULT_PRIZE_TIERS });

    const listed = await listCompetitions(VISITOR, { unfinished: true });
    expect(listed.find((quiz) => quiz.id === own.id)?.prizes).toEqual(OWN_TABLE);
    expect(listed.find((quiz) => quiz.id === small.id)?.prizes).toEqual([]);
    expect(listed.find((quiz) => quiz.id === usual.id)?.prizes).toEqual(DEFAULT_PRIZE_TIERS);

    const dashboard = await loadDashboard(await participant());
    const cards = [...dashboard.quizzes, ...dashboard.past];
    expect(cards.find((quiz) => quiz.id === own.id)?.prizes).toEqual(OWN_TABLE);
    expect(cards.find((quiz) => quiz.id === small.id)?.prizes).toEqual([]);
  });
});
