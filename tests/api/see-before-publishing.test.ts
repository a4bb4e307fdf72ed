import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { attempts, quizQuestions, resultRows, type AcceptedRanges } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { rupeesToPaise } from "@/lib/money";
import { answerKeyReview, decideObjections, publicationPreview, publishAnswerKey, publishResults } from "@/lib/results";
import { finalisingAlone } from "../support/exam";
import { createQuestion } from "../support/factories";
import { seededQuiz, settleKey } from "../support/results";
import { admin } from "../support/users";

afterAll(closeDatabase);

const keysOf = (review: Awaited<ReturnType<typeof answerKeyReview>>) => Object.fromEntries(review.questions.map((question) => [question.questionId, question.key]));

describe("the answer key an admin reviews", () => {
  it("shows, before it is published, the key publishing will make public: each question's bank answer, of every type", async () => {
    const boss = await admin();
    const { quiz, questionIds } = await seededQuiz();
    const db = await getDb();
    const typed = [
      await createQuestion(db, { text: "Which whole number?", answerType: "integer", options: [], correctOptionIndex: null, acceptedAnswers: [["42", "42"], ["57", "57"]] as AcceptedRanges, answerLimits: ["0", "99"], answerDecimals: 0 }),
      await createQuestion(db, { text: "Which letters?", answerType: "multiple", options: ["W", "X", "Y", "Z"], correctOptionIndex: null, correctOptions: [1, 3] }),
      await createQuestion(db, { text: "Which decimal?", answerType: "numerical", options: [], correctOptionIndex: null, acceptedAnswers: [["2.49", "2.51"]] as AcceptedRanges, answerDecimals: 2 }),
    ];
    await db.insert(quizQuestions).values(typed.map((question, index) => ({ quizId: quiz.id, questionId: question.id, position: 3 + index })));

    const before = await answerKeyReview(boss, quiz.id);
    expect(before.quiz.answerKeyPublishedAt).toBeNull();
    expect(before.questions.map((question) => question.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(keysOf(before)).toEqual({
      [questionIds[0]]: { keyOptionIndex: 0 },
      [questionIds[1]]: { keyOptionIndex: 1 },
      [questionIds[2]]: { keyOptionIndex: 2 },
      [typed[0].id]: { keyAnswers: [["42", "42"], ["57", "57"]] },
      [typed[1].id]: { keyOptions: [1, 3] },
      [typed[2].id]: { keyAnswers: [["2.49", "2.51"]] },
    });

    // Once published, the quiz's own key is shown, as the decisions leave it, not the bank's.
    await publishAnswerKey(boss, quiz.id);
    await decideObjections(boss, quiz.id, questionIds[0], { decision: "change", newOptionIndex: 3, note: "W was a misprint" });
    expect(keysOf(await answerKeyReview(boss, quiz.id))).toMatchObject({ [questionIds[0]]: { keyOptionIndex: 3 }, [questionIds[1]]: { keyOptionIndex: 1 } });
  });
});

describe("the confirmation before publishing results", () => {
  it("names the quiz, how many it ranks and the prizes it pays, exactly as publishing then publishes them", async () => {
    const boss = await admin();
    // A and B tie at the top, C third, D fourth; paid from the default table: ₹1,00,000, ₹51,000, ₹25,000, then free passes for ranks 4 to 53.
    const { quiz, people } = await seededQuiz();
    const windowCloses = await settleKey(quiz);
    expect(await publicationPreview(boss, quiz.id)).toEqual({ title: quiz.title, ranked: 4, prizePaise: rupeesToPaise(176_000), freePasses: 1 });

    // A disqualified participant is not ranked: D moves up to third place and its cash.
    const db = await getDb();
    await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Second device" }).where(and(eq(attempts.quizId, quiz.id), eq(attempts.participantId, people.C.id)));
    const preview = await publicationPreview(boss, quiz.id);
    expect(preview).toEqual({ title: quiz.title, ranked: 3, prizePaise: rupeesToPaise(176_000), freePasses: 0 });

    await finalisingAlone(() => publishResults(boss, quiz.id, windowCloses));
    const rows = await db.select().from(resultRows).where(eq(resultRows.quizId, quiz.id));
    expect({ ranked: rows.length, prizePaise: rows.reduce((total, row) => total + row.prizePaise, 0), freePasses: rows.filter((row) => row.freePass).length }).toEqual({
      ranked: preview.ranked,
      prizePaise: preview.prizePaise,
      freePasses: preview.freePasses,
    });
  });
});
