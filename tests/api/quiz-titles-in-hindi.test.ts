import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as freePassRoute } from "@/app/api/prizes/[quizId]/free-pass/route";
import { POST as disqualifyRoute } from "@/app/api/responses/[attemptId]/disqualify/route";
import { notifications, quizzes, users } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { myAnswerKey } from "@/lib/results";
import { myDisqualification } from "@/lib/review";
import { closedExam, submittedAttempt } from "@/tests/support/exam";
import { freePassWinner } from "@/tests/support/free-pass";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";

afterAll(closeDatabase);

const TITLE_HI = "शीतकालीन विज्ञान ओलंपियाड";
const REASON = "A second voice answered on the recording.";

/** A closed quiz, with a Hindi title when given, and a participant reading `language` who submitted it. */
async function takenQuiz(language: "en" | "hi", titleHi: string | null) {
  const db = await getDb();
  const quiz = await closedExam();
  await db.update(quizzes).set({ titleHi, answerKeyPublishedAt: new Date() }).where(eq(quizzes.id, quiz.id));
  const user = await participant();
  await db.update(users).set({ language }).where(eq(users.id, user.id));
  const attempt = await submittedAttempt(quiz.id, user.id, 3, 100);
  return { quiz, user, attempt };
}

async function noticesOf(userId: string) {
  return (await getDb()).select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId));
}

describe("a quiz's Hindi title", () => {
  it("names the quiz in a disqualification's notice to a Hindi reader; an English reader, or a quiz without one, keeps the English title", async () => {
    const boss = await admin();
    const hindi = await takenQuiz("hi", TITLE_HI);
    const english = await takenQuiz("en", TITLE_HI);
    const untitled = await takenQuiz("hi", null);
    for (const { attempt } of [hindi, english, untitled]) {
      expect((await call(disqualifyRoute, { as: boss, params: { attemptId: attempt.id }, json: { reason: REASON } })).status).toBe(200);
    }
    expect(await noticesOf(hindi.user.id)).toEqual([{ title: `प्रयास अयोग्य ठहराया गया: ${TITLE_HI}` }]);
    expect(await noticesOf(english.user.id)).toEqual([{ title: `Attempt disqualified: ${english.quiz.title}` }]);
    expect(await noticesOf(untitled.user.id)).toEqual([{ title: `प्रयास अयोग्य ठहराया गया: ${untitled.quiz.title}` }]);
  });

  it("comes with the answer key and the appeal page's quiz, for their lead lines", async () => {
    const { quiz, user } = await takenQuiz("hi", TITLE_HI);
    expect(await myAnswerKey(user, quiz.id)).toMatchObject({ title: quiz.title, titleHi: TITLE_HI });
    expect(await myDisqualification(user, quiz.id)).toMatchObject({ title: quiz.title, titleHi: TITLE_HI });
  });

  it("names the quiz a free pass paid for in its confirmation to a Hindi reader", async () => {
    const { won, later, user } = await freePassWinner({ laterTitleHi: TITLE_HI });
    const used = await call(freePassRoute, { as: user, params: { quizId: won.id }, json: { forQuizId: later.id }, headers: { cookie: "NEXT_LOCALE=hi" } });
    expect(used.status).toBe(200);
    expect(used.body.message).toBe(`आपके फ़्री पास ने ${TITLE_HI} का प्रवेश शुल्क चुका दिया। आपका पंजीकरण हो गया है।`);
  });
});
