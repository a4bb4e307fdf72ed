import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PUT as updateQuizRoute } from "@/app/api/updatequizes/[id]/route";
import { attempts, publishedResults, quizzes, resultRows } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { MARKING_LOCKED } from "@/lib/catalogue";
import { closeDatabase, getDb, violatedConstraint } from "@/lib/db";
import { checkResultsFile } from "@/lib/results/public-file";
import { decideObjections, publishResults, verifyPublishedResults } from "@/lib/results";
import { finalisingAlone } from "@/tests/support/exam";
import { asBody, createQuiz, quizInput } from "@/tests/support/factories";
import { call } from "@/tests/support/http";
import { asInsider } from "@/tests/support/insider";
import { HOUR, scoresOf, seededQuiz, settleKey } from "@/tests/support/results";
import { admin } from "@/tests/support/users";

afterAll(closeDatabase);

/**
 * The seeded quiz's key is options 0, 1 and 2; its participants answered
 * A [0, 1, 3], B [0, 3, 2], C [1, 1, 3] and D [0, –, –] (tests/support/results.ts).
 */
describe("a marking scheme of +4 for a correct answer and −1 for a wrong one", () => {
  it("scores each wrong answer −1 and each unanswered question 0, rescores a dropped question as +4 for all, and freezes, files and verifies the same scores", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz({ examEndedAgoMs: 50 * HOUR, marking: { marksPerQuestion: 4, wrongAnswerMarks: 1 } });

    const afterWindow = await settleKey(quiz);
    // A and B: two right, one wrong (8 − 1); C: one right, two wrong (4 − 2); D: one right, two left (4).
    expect(await scoresOf(quiz.id, people)).toEqual({ scores: { A: 7, B: 7, C: 2, D: 4 }, ranks: { A: 1, B: 1, C: 4, D: 3 } });

    // The third question is dropped: +4 for everyone, whatever they answered or left.
    await decideObjections(boss, quiz.id, questionIds[2], { decision: "drop", note: "Two options were correct." });
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ A: 12, B: 7, C: 7, D: 8 });

    await finalisingAlone(() => publishResults(boss, quiz.id, afterWindow));
    const db = await getDb();
    const [version] = await db.select().from(publishedResults).where(eq(publishedResults.quizId, quiz.id));
    expect(version).toMatchObject({ marksPerQuestion: 4, wrongAnswerMarks: 1 });
    const frozen = await db.select().from(resultRows).where(eq(resultRows.quizId, quiz.id));
    const nameOf = new Map(Object.entries(people).map(([name, user]) => [user.id, name]));
    expect(Object.fromEntries(frozen.map((row) => [nameOf.get(row.participantId), [row.score, row.rank]]))).toEqual({ A: [12, 1], D: [8, 2], B: [7, 3], C: [7, 3] });

    const file = JSON.parse(version.resultsFile!);
    expect(file).toMatchObject({ marksPerQuestion: 4, wrongAnswerMarks: 1 });
    expect(checkResultsFile(version.resultsFile!, version.digest).ok).toBe(true);
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ matches: true, firstDifference: null, firstInputDifference: null, chainBreak: null });
  });

  it("lets a score fall below zero, and verify still recomputes it", async () => {
    const boss = await admin();
    // +1 / −2: C (one right, two wrong) has 1 − 4 = −3.
    const { quiz, people } = await seededQuiz({ examEndedAgoMs: 50 * HOUR, marking: { marksPerQuestion: 1, wrongAnswerMarks: 2 } });
    const afterWindow = await settleKey(quiz);
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ A: 0, B: 0, C: -3, D: 1 });
    await finalisingAlone(() => publishResults(boss, quiz.id, afterWindow));
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ matches: true, firstInputDifference: null });
  });

  it("an insider's edit of a stored score under negative marking is named by verify", async () => {
    const boss = await admin();
    const { quiz, people } = await seededQuiz({ examEndedAgoMs: 50 * HOUR, marking: { marksPerQuestion: 4, wrongAnswerMarks: 1 } });
    const afterWindow = await settleKey(quiz);
    await finalisingAlone(() => publishResults(boss, quiz.id, afterWindow));
    // Scored as if there were no negative marking: C's 4 − 2 written as 4.
    await asInsider((tx) => tx.update(attempts).set({ score: 4 }).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, people.C.id))));
    expect((await verifyPublishedResults(VISITOR, quiz.id)).firstInputDifference).toMatchObject({ participantId: people.C.id, field: "score", stored: 4, recomputed: 2 });
  });
});

describe("the marking scheme is fixed once registration opens", () => {
  it("an admin sets it on a quiz whose registration has not opened, and is refused a change after, by the service and by the database", async () => {
    const boss = await admin();
    const db = await getDb();
    const certificates = { contestModel: "paid_certificates" as const, prizeMoneyPaise: 0 };
    const future = await createQuiz(db, { ...certificates, formStartAt: new Date(Date.now() + HOUR) });
    const input = quizInput({ formStartDate: future.formStartAt, marksPerQuestion: 4, wrongAnswerMarks: 1 });
    const saved = await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: future.id }, json: asBody(input) });
    expect(saved.status).toBe(200);
    const [stored] = await db.select().from(quizzes).where(eq(quizzes.id, future.id));
    expect(stored).toMatchObject({ marksPerQuestion: 4, wrongAnswerMarks: 1 });

    const open = await createQuiz(db, { ...certificates, formStartAt: new Date(Date.now() - HOUR) });
    const refused = await call(updateQuizRoute, {
      method: "PUT",
      as: boss,
      params: { id: open.id },
      json: asBody(quizInput({ formStartDate: open.formStartAt, wrongAnswerMarks: 1 })),
    });
    expect(refused).toMatchObject({ status: 409, body: { message: MARKING_LOCKED } });
    // The app's own login, past the service: the database refuses it.
    const refusedByDatabase = await db.update(quizzes).set({ wrongAnswerMarks: 1 }).where(eq(quizzes.id, open.id)).then(() => null, (error: unknown) => error);
    expect(violatedConstraint(refusedByDatabase)).toBe("quizzes_marking_fixed");
    // The same scheme sent again is no change, and saves.
    const unchanged = await call(updateQuizRoute, { method: "PUT", as: boss, params: { id: open.id }, json: asBody(quizInput({ formStartDate: open.formStartAt, marksPerQuestion: 1, wrongAnswerMarks: 0 })) });
    expect(unchanged.status).toBe(200);
  });
});
