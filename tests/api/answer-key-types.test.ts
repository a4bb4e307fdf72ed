import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as decideRoute } from "@/app/api/quizzes/[quizId]/questions/[questionId]/decision/route";
import { auditLog, keyDecisions, notifications } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { Invalid } from "@/lib/errors";
import { answerKeyReview, decideObjections, myAnswerKey, objectToKey } from "@/lib/results";
import { catalogued, KEY_ANSWER_FORMAT, KEY_DOES_NOT_FIT_QUESTION, KEY_RANGE_REVERSED } from "@/lib/catalogue";
import { typedQuiz } from "@/tests/support/answer-types";
import { call } from "@/tests/support/http";
import { scoresOf } from "@/tests/support/results";

afterAll(closeDatabase);

async function bodiesOf(user: ActiveUser): Promise<string[]> {
  const db = await getDb();
  return (await db.select().from(notifications).where(eq(notifications.userId, user.id))).map((row) => row.body);
}

describe("the key of every answer type", () => {
  it("publishing copies each type's key into the quiz and scores typed answers and chosen sets", async () => {
    const { quiz, questionIds, people, boss } = await typedQuiz();
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ P: 9, Q: -3, R: -2, S: 0 });
    const review = await answerKeyReview(boss, quiz.id);
    expect(Object.fromEntries(review.questions.map((question) => [question.questionId, question.key]))).toEqual({
      [questionIds[0]]: { keyAnswers: [["42", "42"]] },
      [questionIds[1]]: { keyOptions: [0, 2] },
      [questionIds[2]]: { keyAnswers: [["2.49", "2.51"]] },
    });
    const view = await myAnswerKey(people.R, quiz.id);
    expect(view).toMatchObject({ score: -2, totalMarks: 9 });
    expect(view.questions.map(({ answerType, yourAnswer, keyAnswer, marks }) => ({ answerType, yourAnswer, keyAnswer, marks }))).toEqual([
      { answerType: "integer", yourAnswer: "57", keyAnswer: [["42", "42"]], marks: -1 },
      { answerType: "multiple", yourAnswer: [0, 1, 2], keyAnswer: [0, 2], marks: -1 },
      { answerType: "numerical", yourAnswer: null, keyAnswer: [["2.49", "2.51"]], marks: 0 },
    ]);
  });

  it("accepting a second integer rescores everyone it affects, tells them and the objector, and is audited", async () => {
    const { quiz, questionIds, people, boss } = await typedQuiz();
    await objectToKey(people.S, quiz.id, { questionId: questionIds[0], reason: "57 is right too: the question allows both readings." });

    const outcome = await decideObjections(boss, quiz.id, questionIds[0], { decision: "change", acceptedAnswers: [["42", "42"], ["57", "57"]], note: "Both readings are fair." });

    // Q and R typed 57: −1 becomes +3. P (42) and S (no answer) keep their scores; S objected and hears the decision.
    expect(outcome).toEqual({ rescored: 4, notified: 3, awaitsRevision: false });
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ P: 9, Q: 1, R: 2, S: 0 });
    expect(await bodiesOf(people.Q)).toEqual(["Question 1: the accepted answers have been changed. Your score went from -3 to 1 out of 9. Reason: Both readings are fair."]);
    expect(await bodiesOf(people.R)).toEqual(["Question 1: the accepted answers have been changed. Your score went from -2 to 2 out of 9. Reason: Both readings are fair."]);
    expect(await bodiesOf(people.S)).toEqual(["Question 1: the accepted answers have been changed and every attempt rescored."]);
    expect(await bodiesOf(people.P)).toEqual([]);

    const db = await getDb();
    const [decision] = await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id));
    expect(decision).toMatchObject({ decision: "change", previousAnswers: [["42", "42"]], newAnswers: [["42", "42"], ["57", "57"]], previousOptionIndex: null, newOptionIndex: null });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "key.decide"), eq(auditLog.subjectId, quiz.id)));
    expect(audit.before).toEqual({ questionId: questionIds[0], keyAnswers: [["42", "42"]], dropped: false });
    expect(audit.after).toEqual({ questionId: questionIds[0], decision: "change", keyAnswers: [["42", "42"], ["57", "57"]], dropped: false });
    expect((await myAnswerKey(people.Q, quiz.id)).questions[0]).toMatchObject({ yourAnswer: "57", keyAnswer: [["42", "42"], ["57", "57"]], marks: 3 });
  });

  it("changing a multiple-correct key to another set rescores the sets chosen", async () => {
    const { quiz, questionIds, people, boss } = await typedQuiz();
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "change", newOptions: [0], note: "Y is not a letter of the word." });

    // P chose W and Y: now wrong (9 → 5). Q chose W alone: now right (−3 → 1). R's W X Y stays wrong.
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ P: 5, Q: 1, R: -2, S: 0 });
    const db = await getDb();
    const [decision] = await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id));
    expect(decision).toMatchObject({ previousOptions: [0, 2], newOptions: [0] });
    expect((await answerKeyReview(boss, quiz.id)).questions.find((question) => question.questionId === questionIds[1])).toMatchObject({
      key: { keyOptions: [0] },
      decisions: [{ decision: "change", previous: { keyOptions: [0, 2] }, next: { keyOptions: [0] } }],
    });
    expect(await bodiesOf(people.P)).toEqual(["Question 2: the correct options have been changed. Your score went from 9 to 5 out of 9. Reason: Y is not a letter of the word."]);
  });

  it("widening a numerical range takes in the answer at its new edge", async () => {
    const { quiz, questionIds, people, boss } = await typedQuiz();
    await decideObjections(boss, quiz.id, questionIds[2], { decision: "change", acceptedAnswers: [["2.48", "2.52"]], note: "g rounds either way." });
    // Q's 2.52 is now on the edge of the range: −1 becomes +3.
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ P: 9, Q: 1, R: -2, S: 0 });
    expect((await myAnswerKey(people.Q, quiz.id)).questions[2]).toMatchObject({ yourAnswer: "2.52", keyAnswer: [["2.48", "2.52"]], marks: 3 });
  });

  it("refuses a key that does not fit its question, in the request's language, and changes nothing", async () => {
    const { quiz, questionIds, people, boss } = await typedQuiz();
    const decide = (questionId: string, json: unknown, cookie?: string) =>
      call(decideRoute, { as: boss, params: { quizId: quiz.id, questionId }, json, headers: cookie ? { cookie } : undefined });

    await expect(decideObjections(boss, quiz.id, questionIds[0], { decision: "change", newOptionIndex: 1, note: "" })).rejects.toThrow(new Invalid(catalogued(KEY_DOES_NOT_FIT_QUESTION)));
    await expect(decideObjections(boss, quiz.id, questionIds[1], { decision: "change", acceptedAnswers: [["1", "1"]], note: "" })).rejects.toThrow(new Invalid(catalogued(KEY_DOES_NOT_FIT_QUESTION)));
    expect((await decide(questionIds[1], { decision: "change", newOptions: [0, 4], note: "" })).body.message).toBe("The question has no such option: choose one of its own.");
    expect((await decide(questionIds[1], { decision: "change", newOptions: [2, 0], note: "" })).status).toBe(400);
    expect((await decide(questionIds[0], { decision: "change", acceptedAnswers: [["42", "42"], ["100", "100"]], note: "" })).body.message).toBe("Type a number from 0 to 99.");
    expect((await decide(questionIds[0], { decision: "change", acceptedAnswers: [["42.5", "42.5"]], note: "" })).body.message).toBe("Type a whole number from 0 to 99.");
    expect((await decide(questionIds[2], { decision: "change", acceptedAnswers: [["2.485", "2.5"]], note: "" })).body.message).toBe(KEY_ANSWER_FORMAT);
    const reversed = await decide(questionIds[2], { decision: "change", acceptedAnswers: [["2.52", "2.48"]], note: "" });
    expect(reversed).toMatchObject({ status: 400, body: { message: KEY_RANGE_REVERSED } });
    const inHindi = await decide(questionIds[0], { decision: "change", acceptedAnswers: [["100", "100"]], note: "" }, "NEXT_LOCALE=hi");
    expect(inHindi.status).toBe(400);
    expect(inHindi.body.message).toMatch(/0.*99/);
    expect(inHindi.body.message).not.toBe("Type a number from 0 to 99.");

    const db = await getDb();
    expect(await db.select().from(keyDecisions).where(eq(keyDecisions.quizId, quiz.id))).toEqual([]);
    expect((await scoresOf(quiz.id, people)).scores).toEqual({ P: 9, Q: -3, R: -2, S: 0 });
  });
});
