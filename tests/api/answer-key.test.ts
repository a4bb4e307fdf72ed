import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as decideRoute } from "@/app/api/quizzes/[quizId]/questions/[questionId]/decision/route";
import { POST as objectRoute } from "@/app/api/quizzes/[quizId]/objections/route";
import { POST as publishKeyRoute } from "@/app/api/quizzes/[quizId]/answer-key/route";
import { attempts, auditLog, keyDecisions, notifications, objections, quizQuestions, uploads } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { ALREADY_OBJECTED, catalogued, KEY_ALREADY_PUBLISHED, KEY_BEFORE_EXAM_END, KEY_NOT_PUBLISHED, OBJECTION_WINDOW_CLOSED, OBJECTIONS_UNDECIDED } from "@/lib/catalogue";
import { createQuiz } from "@/tests/support/factories";
import { openUpload, storeUpload } from "@/lib/uploads";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";
import { ANSWERS, HOUR, quizRow, scoresOf, seededQuiz, settleKey } from "@/tests/support/results";
import { finalisingAlone } from "@/tests/support/exam";
import { publishResults } from "@/lib/results";
import { PNG } from "@/tests/support/wallet";
import { asInsider } from "@/tests/support/insider";
import { finaliseOverdueAttempts } from "@/lib/exam";
import { answerKeyReview, decideObjections, myAnswerKey, objectToKey, publishAnswerKey } from "@/lib/results";
import { assertKeySettled } from "@/lib/results/answer-key";
import { questionSeed, seededPermutation } from "@/lib/exam/shuffle";

afterAll(closeDatabase);

describe("publishing the provisional answer key", () => {
  it("copies the bank's answers into the quiz, rescores every attempt and records who did it", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);

    const db = await getDb();
    const key = await db.select().from(quizQuestions).where(eq(quizQuestions.quizId, quiz.id));
    expect(Object.fromEntries(key.map((row) => [row.questionId, row.keyOptionIndex]))).toEqual({ [questionIds[0]]: 0, [questionIds[1]]: 1, [questionIds[2]]: 2 });
    expect((await quizRow(quiz.id)).answerKeyPublishedAt).not.toBeNull();
    expect(await scoresOf(quiz.id, people)).toEqual({ scores: { A: 2, B: 2, C: 1, D: 1 }, ranks: { A: 1, B: 1, C: 3, D: 4 } });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "key.publish"), eq(auditLog.subjectId, quiz.id)));
    expect(audit.actorId).toBe(boss.id);
  });

  it("is refused before the exam window closes, while an attempt can still run, and twice", async () => {
    const boss = await admin();
    const db = await getDb();
    const early = await createQuiz(db);
    await expect(publishAnswerKey(boss, early.id)).rejects.toThrow(new Conflict(catalogued(KEY_BEFORE_EXAM_END)));

    const { quiz, people } = await seededQuiz({ examEndedAgoMs: 60_000 });
    // A still running: reopened as only an insider could, a submitted attempt being frozen.
    await asInsider((tx) => tx.update(attempts).set({ submittedAt: null, deadlineAt: new Date(Date.now() + 60_000) }).where(eq(attempts.participantId, people.A.id)));
    await expect(publishAnswerKey(boss, quiz.id)).rejects.toThrow(/still taking this quiz/);

    const settled = await seededQuiz();
    await publishAnswerKey(boss, settled.quiz.id);
    await expect(publishAnswerKey(boss, settled.quiz.id)).rejects.toThrow(new Conflict(catalogued(KEY_ALREADY_PUBLISHED)));
  });

  it("is an admin's action: a participant gets 403 from the route", async () => {
    const { quiz } = await seededQuiz();
    const response = await call(publishKeyRoute, { method: "POST", as: await participant(), params: { quizId: quiz.id } });
    expect(response.status).toBe(403);
    expect((await quizRow(quiz.id)).answerKeyPublishedAt).toBeNull();
  });
});

describe("deciding objections", () => {
  it("changing the key rescores every attempt and breaks the tie at the top", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);
    await objectToKey(people.A, quiz.id, { questionId: questionIds[2], reason: "Z is right" });
    await objectToKey(people.C, quiz.id, { questionId: questionIds[2], reason: "Z, see the textbook" });

    const outcome = await decideObjections(boss, quiz.id, questionIds[2], { decision: "change", newOptionIndex: 3, note: "Z is right" });

    // A and C objected; B, who did not, loses a mark and is told as well.
    expect(outcome).toEqual({ rescored: 4, notified: 3, awaitsRevision: false });
    expect(await scoresOf(quiz.id, people)).toEqual({ scores: { A: 3, B: 1, C: 2, D: 1 }, ranks: { A: 1, C: 2, B: 3, D: 4 } });
    const db = await getDb();
    const closed = await db.select().from(objections).where(eq(objections.quizId, quiz.id));
    expect(closed.every((objection) => objection.decisionId !== null)).toBe(true);
    const [decision] = await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id));
    expect(decision).toMatchObject({ decision: "change", previousOptionIndex: 2, newOptionIndex: 3, decidedById: boss.id });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "key.decide"), eq(auditLog.subjectId, quiz.id)));
    expect(audit.before).toEqual({ questionId: questionIds[2], keyOptionIndex: 2, dropped: false });
    expect(audit.after).toEqual({ questionId: questionIds[2], decision: "change", keyOptionIndex: 3, dropped: false });
    const told = await db.select().from(notifications).where(eq(notifications.userId, people.A.id));
    expect(told.map((row) => row.body)).toEqual(["Question 3: the correct option has been changed. Your score went from 2 to 3 out of 3. Reason: Z is right"]);
    // D objected to nothing and keeps 1 mark: nothing to tell.
    expect(await db.select().from(notifications).where(eq(notifications.userId, people.D.id))).toEqual([]);
  });

  it("tells every participant whose score a decision changes, objector or not, the old score, the new one and the reason", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);
    await objectToKey(people.C, quiz.id, { questionId: questionIds[0], reason: "X, not W" });

    // Question 1's key moves from W (0) to X (1): A, B and D lose its mark, C gains it.
    const outcome = await decideObjections(boss, quiz.id, questionIds[0], { decision: "change", newOptionIndex: 1, note: "W was a misprint for X" });

    expect(outcome).toEqual({ rescored: 4, notified: 4, awaitsRevision: false });
    expect(await scoresOf(quiz.id, people)).toMatchObject({ scores: { A: 1, B: 1, C: 2, D: 0 } });
    const db = await getDb();
    const toldTo = async (name: string) => (await db.select().from(notifications).where(eq(notifications.userId, people[name].id))).map(({ title, body, url }) => ({ title, body, url }));
    expect(await toldTo("B")).toEqual([
      {
        title: `Your score changed: ${quiz.title}`,
        body: "Question 1: the correct option has been changed. Your score went from 2 to 1 out of 3. Reason: W was a misprint for X",
        url: `/quizes/${quiz.id}/answer-key`,
      },
    ]);
    expect((await toldTo("D")).map((row) => row.body)).toEqual(["Question 1: the correct option has been changed. Your score went from 1 to 0 out of 3. Reason: W was a misprint for X"]);
    // The objector hears once: the decision and what it did to their score.
    expect((await toldTo("C")).map((row) => row.body)).toEqual(["Question 1: the correct option has been changed. Your score went from 1 to 2 out of 3. Reason: W was a misprint for X"]);

    // A decision that changes nobody's score tells only its objectors, as before.
    await objectToKey(people.A, quiz.id, { questionId: questionIds[1], reason: "Z" });
    expect(await decideObjections(boss, quiz.id, questionIds[1], { decision: "keep", note: "X is right" })).toEqual({ rescored: 4, notified: 1, awaitsRevision: false });
    expect((await toldTo("B")).length).toBe(1);
  });

  it("lets every participant read the key with each decision's reason, and says when it is final", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    const windowCloses = await settleKey(quiz);
    await objectToKey(people.A, quiz.id, { questionId: questionIds[2], reason: "Z is right" });
    await decideObjections(boss, quiz.id, questionIds[2], { decision: "change", newOptionIndex: 3, note: "Z is right, see the textbook" });
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "drop", note: "" });

    // D objected to nothing, yet reads both decisions and their reasons.
    const provisional = await myAnswerKey(people.D, quiz.id, windowCloses);
    expect(provisional.keyFinal).toBe(false);
    expect(provisional.questions.map((question) => question.decisions.map(({ decision, note }) => ({ decision, note })))).toEqual([
      [],
      [{ decision: "drop", note: "" }],
      [{ decision: "change", note: "Z is right, see the textbook" }],
    ]);

    await finalisingAlone(() => publishResults(boss, quiz.id, windowCloses));
    const final = await myAnswerKey(people.D, quiz.id, windowCloses);
    expect(final.keyFinal).toBe(true);
    expect(final.questions[2]).toMatchObject({ keyAnswer: 3, decisions: [{ decision: "change", note: "Z is right, see the textbook" }] });
    expect(final.questions[1]).toMatchObject({ dropped: true, decisions: [{ decision: "drop", note: "" }] });
  });

  it("dropping a question gives everyone its mark, answered or not, and creates a tie", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);
    await decideObjections(boss, quiz.id, questionIds[2], { decision: "change", newOptionIndex: 3, note: "" });

    await decideObjections(boss, quiz.id, questionIds[1], { decision: "drop", note: "Two options are right" });

    // B and C now share 2 marks in 100 s; D, who never answered question 2, gets its mark too.
    expect(await scoresOf(quiz.id, people)).toEqual({ scores: { A: 3, B: 2, C: 2, D: 2 }, ranks: { A: 1, B: 2, C: 2, D: 4 } });
    const view = await myAnswerKey(people.D, quiz.id);
    expect(view.score).toBe(2);
    expect(view.questions[1]).toMatchObject({ dropped: true, yourAnswer: null, keyAnswer: null, marks: 1 });
  });

  it("an attempt finalised after a drop scores it too, with no answer at all", async () => {
    const boss = await admin();
    const { quiz, questionIds } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "drop", note: "" });
    const db = await getDb();
    const late = await participant();
    const startedAt = new Date(Date.now() - 2 * HOUR);
    const [attempt] = await db
      .insert(attempts)
      .values({ quizId: quiz.id, participantId: late.id, shuffleSeed: 1, startedAt, deadlineAt: new Date(startedAt.getTime() + HOUR), timeLeftSeconds: 0 })
      .returning();
    await finaliseOverdueAttempts(boss, { quizId: quiz.id, now: new Date() });
    const [finalised] = await db.select().from(attempts).where(eq(attempts.id, attempt.id));
    expect(finalised.score).toBe(1);
  });

  it("keeping the key closes the objections and changes no score; a later objection can be decided again", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);
    await objectToKey(people.B, quiz.id, { questionId: questionIds[1], reason: "Z" });
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "keep", note: "X is right" });
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ A: 2, B: 2, C: 1, D: 1 });
    expect((await myAnswerKey(people.B, quiz.id)).questions[1].objection?.decision).toMatchObject({ decision: "keep", note: "X is right" });

    await objectToKey(people.D, quiz.id, { questionId: questionIds[1], reason: "It is ambiguous" });
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "drop", note: "" });
    const db = await getDb();
    expect(await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id))).toHaveLength(2);
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ A: 2, B: 3, C: 1, D: 2 });
  });

  it("is refused to participants and before the key is published", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await expect(decideObjections(boss, quiz.id, questionIds[0], { decision: "drop", note: "" })).rejects.toThrow(new Conflict(catalogued(KEY_NOT_PUBLISHED)));
    await publishAnswerKey(boss, quiz.id);
    await expect(decideObjections(people.A, quiz.id, questionIds[0], { decision: "drop", note: "" })).rejects.toBeInstanceOf(Forbidden);
    const response = await call(decideRoute, { as: people.A, params: { quizId: quiz.id, questionId: questionIds[0] }, json: { decision: "drop", note: "" } });
    expect(response.status).toBe(403);
    const allowed = await call(decideRoute, { as: boss, params: { quizId: quiz.id, questionId: questionIds[0] }, json: { decision: "drop", note: "" } });
    expect(allowed.status).toBe(200);
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ A: 2, B: 2, C: 2, D: 1 });
  });
});

describe("objecting to the key", () => {
  it("shows the participant's answers and the key in their own order of questions and options", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz({ shuffle: true });
    await publishAnswerKey(boss, quiz.id);
    const view = await myAnswerKey(people.C, quiz.id);
    const seed = 12345 + "C".charCodeAt(0);
    const questionOrder = seededPermutation(3, seed);
    const optionOrders = [0, 1, 2].map((position) => seededPermutation(4, questionSeed(seed, position)));
    expect(optionOrders.some((order) => order.join() !== "0,1,2,3")).toBe(true);
    expect(view.questions.map((question) => question.questionId)).toEqual(questionOrder.map((position) => questionIds[position]));
    view.questions.forEach((question, index) => {
      const position = questionOrder[index];
      expect(question.number).toBe(index + 1);
      expect(question.options).toEqual(optionOrders[position].map((original) => ["W", "X", "Y", "Z"][original]));
      expect(question.yourAnswer).toBe(optionOrders[position].indexOf(ANSWERS.C[position]!));
      expect(question.keyAnswer).toBe(optionOrders[position].indexOf(position));
      expect(question.marks).toBe([0, 1, 0][position]);
    });
  });

  it("is refused before the key, after the window, twice, to someone who did not take the quiz, and with someone else's image", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await expect(objectToKey(people.A, quiz.id, { questionId: questionIds[0], reason: "no" })).rejects.toThrow(new Conflict(catalogued(KEY_NOT_PUBLISHED)));
    await publishAnswerKey(boss, quiz.id);

    const db = await getDb();
    const [foreign] = await db.insert(uploads).values({ ownerId: people.B.id, purpose: "objection", objectKey: `objection/${people.B.id}/x.png`, contentType: "image/png", sizeBytes: 10 }).returning();
    await expect(objectToKey(people.A, quiz.id, { questionId: questionIds[0], reason: "see this", evidenceUploadId: foreign.id })).rejects.toBeInstanceOf(Invalid);
    const [own] = await db.insert(uploads).values({ ownerId: people.A.id, purpose: "objection", objectKey: `objection/${people.A.id}/x.png`, contentType: "image/png", sizeBytes: 10 }).returning();
    await objectToKey(people.A, quiz.id, { questionId: questionIds[0], reason: "see this", evidenceUploadId: own.id });
    await expect(objectToKey(people.A, quiz.id, { questionId: questionIds[0], reason: "again" })).rejects.toThrow(new Conflict(catalogued(ALREADY_OBJECTED)));
    await expect(objectToKey(await participant(), quiz.id, { questionId: questionIds[0], reason: "I did not take it" })).rejects.toBeInstanceOf(Forbidden);

    const afterWindow = new Date(Date.now() + 49 * HOUR);
    await expect(objectToKey(people.B, quiz.id, { questionId: questionIds[0], reason: "late" }, afterWindow)).rejects.toThrow(new Conflict(catalogued(OBJECTION_WINDOW_CLOSED)));
    const late = await call(objectRoute, { as: people.B, params: { quizId: quiz.id }, json: { questionId: questionIds[0], reason: "" } });
    expect(late.status).toBe(400);
    const answered = await call(objectRoute, { as: people.B, params: { quizId: quiz.id }, json: { questionId: questionIds[0], reason: "W is wrong" } });
    expect(answered.status).toBe(201);
    expect(await db.select().from(objections).where(eq(objections.quizId, quiz.id))).toHaveLength(2);
  });
  it("keeps the evidence image private to its owner and the admins", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    await publishAnswerKey(boss, quiz.id);
    const evidence = await storeUpload(people.A, "objection", new File([PNG], "evidence.png"));
    await objectToKey(people.A, quiz.id, { questionId: questionIds[0], reason: "see the image", evidenceUploadId: evidence.id });
    await expect(openUpload(people.A, evidence.id)).resolves.toBeTruthy();
    await expect(openUpload(boss, evidence.id)).resolves.toBeTruthy();
    await expect(openUpload(people.B, evidence.id)).rejects.toBeInstanceOf(NotFound);
    const review = await answerKeyReview(boss, quiz.id);
    expect(review.questions[0]).toMatchObject({ questionId: questionIds[0], openCount: 1, totalCount: 1 });
    expect(review.questions[0].objections[0].evidenceUrl).toBe(`/api/files/${evidence.id}`);
  });
});

describe("assertKeySettled", () => {
  it("refuses until the key is published, its window has closed and every objection is decided", async () => {
    const boss = await admin();
    const { quiz, questionIds, people } = await seededQuiz();
    const db = await getDb();
    await expect(assertKeySettled(db, await quizRow(quiz.id), new Date())).rejects.toThrow(new Conflict(catalogued(KEY_NOT_PUBLISHED)));

    await publishAnswerKey(boss, quiz.id);
    await objectToKey(people.A, quiz.id, { questionId: questionIds[2], reason: "Z" });
    const published = await quizRow(quiz.id);
    await expect(assertKeySettled(db, published, new Date())).rejects.toThrow(/may object to the answer key until/);

    const afterWindow = new Date(published.answerKeyPublishedAt!.getTime() + published.objectionWindowHours * HOUR);
    await expect(assertKeySettled(db, published, afterWindow)).rejects.toThrow(new Conflict(catalogued(OBJECTIONS_UNDECIDED)));

    await decideObjections(boss, quiz.id, questionIds[2], { decision: "keep", note: "" });
    await expect(assertKeySettled(db, published, afterWindow)).resolves.toBeUndefined();
  });
});
