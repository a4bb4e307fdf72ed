import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { POST as submit } from "@/app/api/exam/[quizId]/submit/route";
import { POST as publish } from "@/app/api/quizzes/[quizId]/publish-results/route";
import { quizzes } from "@/db/schema";
import { closeDatabase, getDb } from "@/lib/db";
import { VISITOR, type ActiveUser } from "@/lib/auth";
import { publishAnswerKey } from "@/lib/results";
import { KEY_NOT_PUBLISHED } from "@/lib/catalogue";
import { myPublishedRanks, publishedWinners } from "@/lib/results";
import { markPaid, openExam } from "../support/exam";
import { call } from "../support/http";
import { admin, participant } from "../support/users";

afterAll(closeDatabase);

async function take(user: ActiveUser, quizId: string, questionIds: string[], correctAnswers: number, finish: boolean) {
  await markPaid(user, quizId);
  await call(start, { as: user, params: { quizId } });
  for (const [index, questionId] of questionIds.entries()) {
    await call(saveAnswer, { method: "PUT", as: user, params: { quizId }, json: { questionId, selectedOptionIndex: index < correctAnswers ? 1 : 0, answeredAt: new Date().toISOString(), currentQuestionIndex: index, timeLeftSeconds: 100 } });
  }
  if (finish) await call(submit, { as: user, params: { quizId } });
}

describe("publishing results", () => {
  it("publishes only after the exam window, finalising late attempts, and shows winners and ranks", async () => {
    const { quiz, questionIds } = await openExam({ count: 4, correct: 1 });
    const [best, second, gone] = [await participant(), await participant(), await participant()];
    await take(best, quiz.id, questionIds, 4, true);
    await take(second, quiz.id, questionIds, 2, true);
    await take(gone, quiz.id, questionIds, 3, false);
    const someAdmin = await admin();

    const early = await call(publish, { as: someAdmin, params: { quizId: quiz.id } });
    expect(early.status).toBe(409);
    expect((await call(publish, { as: best, params: { quizId: quiz.id } })).status).toBe(403);

    const db = await getDb();
    await db.update(quizzes).set({ examEndAt: new Date(Date.now() - 1000) }).where(eq(quizzes.id, quiz.id));
    await db.execute(sql`update attempts set deadline_at = now() - interval '1 minute', started_at = now() - interval '1 hour' where participant_id = ${gone.id}`);
    const refusedWithoutKey = await call(publish, { as: someAdmin, params: { quizId: quiz.id } });
    expect(refusedWithoutKey).toMatchObject({ status: 409, body: { message: KEY_NOT_PUBLISHED } });
    // The provisional key went out as the window closed, and its objection window has since ended.
    await publishAnswerKey(someAdmin, quiz.id, new Date(Date.now() - 1000));
    await db.update(quizzes).set({ answerKeyPublishedAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(quizzes.id, quiz.id));
    expect((await call(publish, { as: someAdmin, params: { quizId: quiz.id } })).status).toBe(200);

    const board = (await publishedWinners(VISITOR)).find((entry) => entry.id === quiz.id)!;
    expect(board.winners.map((winner) => [winner.participantId, winner.rank, winner.score])).toEqual([
      [best.id, 1, 4],
      [gone.id, 2, 3],
      [second.id, 3, 2],
    ]);
    expect(board.winners[0].prizePaise).toBe(10_000_000);
    expect(await myPublishedRanks(second, second.id)).toEqual([expect.objectContaining({ quizId: quiz.id, rank: 3, of: 3, prizePaise: 2_500_000 })]);
  });
});
