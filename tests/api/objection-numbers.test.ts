/**
 * Issue 55: each participant numbers the questions in their own shuffled order, so an objection to
 * "Question 3" may be about the quiz's Question 1. The admin reads each objection under the
 * question's own number in the quiz, with its text, and beside it the number its objector saw.
 */
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { notifications } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { answerKeyReview, decideObjections, myAnswerKey, objectToKey } from "@/lib/results";
import { seededQuiz, settleKey } from "@/tests/support/results";
import { admin } from "@/tests/support/users";

afterAll(closeDatabase);

describe("objections in a shuffled quiz", () => {
  it("are shown under the quiz's own number and text, each with the number its objector saw", async () => {
    const { quiz, questionIds, people } = await seededQuiz({ shuffle: true });
    await settleKey(quiz);
    for (const person of Object.values(people)) await objectToKey(person, quiz.id, { questionId: questionIds[0], reason: "The key is wrong" });

    const review = await answerKeyReview(await admin(), quiz.id);
    const disputed = review.questions.find((question) => question.questionId === questionIds[0])!;
    expect(disputed.number).toBe(1);
    expect(disputed.openCount).toBe(4);

    const seen = new Map(disputed.objections.map((objection) => [objection.participantName, objection.seenAs]));
    for (const person of Object.values(people)) {
      const theirs = (await myAnswerKey(person, quiz.id)).questions.find((question) => question.questionId === questionIds[0])!;
      expect(seen.get(person.name)).toBe(theirs.number);
    }
    // The seeds shuffle it elsewhere for some of them: the numbers are the objectors' own, not the quiz's.
    expect([...seen.values()].some((number) => number !== 1)).toBe(true);

    // The decision reaches each of them under that same number: every score moves, so each hears of their own.
    await decideObjections(await admin(), quiz.id, questionIds[0], { decision: "change", newOptionIndex: 1, note: "B was meant" });
    const db = await getDb();
    for (const person of Object.values(people)) {
      const told = await db.select({ body: notifications.body }).from(notifications).where(eq(notifications.userId, person.id));
      expect(told.map((notice) => notice.body)).toEqual([expect.stringMatching(new RegExp(`^Question ${seen.get(person.name)}: the correct option has been changed`))]);
    }
  });
});
