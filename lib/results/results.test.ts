import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { POST as publish } from "@/app/api/quizzes/[quizId]/publish-results/route";
import { attempts, prizeTiers, quizzes } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { closeDatabase, getDb } from "@/lib/db";
import { Conflict, Forbidden, Unauthenticated } from "@/lib/errors";
import { saveAnswer, startExam } from "@/lib/exam";
import { resultsWaitForAttempts } from "@/lib/messages";
import { DEFAULT_PRIZE_TIERS } from "@/lib/seed";
import { closedExam, finalisingAlone, openExam, paidParticipant, submittedAttempt } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { admin, participant } from "@/tests/support/users";
import { defaultPrizeTable, myPublishedRanks, publishedWinners, publishResults as publishAnyTime } from "./index";

afterAll(closeDatabase);

/** Publishing finalises every overdue attempt: never while another test watches its own. */
const publishResults = (...args: Parameters<typeof publishAnyTime>) => finalisingAlone(() => publishAnyTime(...args));

async function publishedAt(quizId: string) {
  const db = await getDb();
  const [quiz] = await db.select({ at: quizzes.resultsPublishedAt }).from(quizzes).where(eq(quizzes.id, quizId));
  return quiz.at;
}

async function boardOf(quizId: string) {
  return (await publishedWinners(VISITOR)).find((board) => board.id === quizId);
}

describe("the results door", () => {
  it("refuses publishing to a visitor and a participant, and publishes nothing", async () => {
    const quiz = await closedExam();
    await expect(publishResults(VISITOR, quiz.id)).rejects.toThrow(Unauthenticated);
    await expect(publishResults(await participant(), quiz.id)).rejects.toThrow(new Forbidden("Only admins can do this."));
    expect(await publishedAt(quiz.id)).toBeNull();
  });

  it("shows a participant only their own ranks: results.viewOwn is 'own' for admins too", async () => {
    const [alice, bob] = [await participant(), await participant()];
    await expect(myPublishedRanks(VISITOR, bob.id)).rejects.toThrow(Unauthenticated);
    for (const reader of [alice, await admin()]) await expect(myPublishedRanks(reader, bob.id)).rejects.toThrow(Forbidden);
    expect(await myPublishedRanks(bob, bob.id)).toEqual([]);
  });
});

describe("publishing", () => {
  it("is refused while the exam window is open, allowed from its end, and keeps the first publication time", async () => {
    const { quiz } = await openExam();
    const boss = await admin();
    await expect(publishResults(boss, quiz.id)).rejects.toThrow(new Conflict("Results can be published once the exam window has closed."));
    await expect(publishResults(boss, quiz.id, new Date(quiz.examEndAt.getTime() - 1))).rejects.toThrow(Conflict);
    expect(await publishedAt(quiz.id)).toBeNull();

    await publishResults(boss, quiz.id, quiz.examEndAt);
    await publishResults(boss, quiz.id, new Date(quiz.examEndAt.getTime() + 3_600_000));
    expect(await publishedAt(quiz.id)).toEqual(quiz.examEndAt);
  });

  it("waits for a late starter's deadline after the window closes, then submits that attempt and publishes", async () => {
    const { quiz } = await openExam({ count: 2, correct: 1 });
    const [boss, late] = [await admin(), await paidParticipant(quiz.id)];
    // Started a minute before the window closed: the deadline is the window's end plus the pause allowance.
    const view = await startExam(late, quiz.id, new Date(quiz.examEndAt.getTime() - 60_000));
    await saveAnswer(late, quiz.id, { questionId: view.questions[0].id, selectedOptionIndex: 1, answeredAt: new Date(quiz.examEndAt.getTime() - 30_000), currentQuestionIndex: 0, timeLeftSeconds: 30 }, new Date(quiz.examEndAt.getTime() - 30_000));
    const deadline = new Date(view.deadlineAt);
    expect(deadline.getTime()).toBeGreaterThan(quiz.examEndAt.getTime());

    for (const at of [quiz.examEndAt, new Date(deadline.getTime() - 1)]) {
      await expect(publishResults(boss, quiz.id, at)).rejects.toThrow(new Conflict(resultsWaitForAttempts(deadline)));
    }
    expect(await publishedAt(quiz.id)).toBeNull();

    await publishResults(boss, quiz.id, deadline);
    expect(await publishedAt(quiz.id)).toEqual(deadline);
    const db = await getDb();
    const [attempt] = await db.select().from(attempts).where(eq(attempts.id, view.attemptId));
    expect(attempt).toMatchObject({ submittedAt: deadline, score: 1 });
    expect((await boardOf(quiz.id))?.winners.map((winner) => winner.participantId)).toEqual([late.id]);
  });

  it("answers the publish route with 409 while an attempt of a closed window is still running", async () => {
    const [quiz, boss, late] = [await closedExam(), await admin(), await participant()];
    const deadline = new Date(Date.now() + 5 * 60_000);
    const db = await getDb();
    await db.insert(attempts).values({ quizId: quiz.id, participantId: late.id, shuffleSeed: 1, startedAt: new Date(Date.now() - 60_000), deadlineAt: deadline, timeLeftSeconds: 300 });
    const routed = await finalisingAlone(() => call(publish, { as: boss, params: { quizId: quiz.id } }));
    expect(routed).toMatchObject({ status: 409, body: { message: resultsWaitForAttempts(deadline) } });
    expect(await publishedAt(quiz.id)).toBeNull();
  });

  it("lists the winners by score then time, splitting a full tie and paying the quiz's own prize tiers", async () => {
    const quiz = await closedExam();
    const db = await getDb();
    await db.insert(prizeTiers).values([
      { quizId: quiz.id, rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 100_000 },
      { quizId: quiz.id, rankFrom: 2, rankTo: 2, kind: "cash", amountPaise: 50_000 },
      { quizId: quiz.id, rankFrom: 3, rankTo: 3, kind: "cash", amountPaise: 30_000 },
      { quizId: quiz.id, rankFrom: 4, rankTo: 4, kind: "cash", amountPaise: 10_000 },
      { quizId: quiz.id, rankFrom: 5, rankTo: 6, kind: "free_pass", amountPaise: 0 },
    ]);
    const people = await Promise.all(Array.from({ length: 7 }, () => participant()));
    const [slow, fast, tieA, tieB, fifth, sixth, seventh] = people;
    const results: [number, number][] = [[5, 900], [5, 600], [3, 100], [3, 100], [1, 50], [0, 10], [0, 20]];
    for (const [index, [score, seconds]] of results.entries()) await submittedAttempt(quiz.id, people[index].id, score, seconds);

    expect(await boardOf(quiz.id)).toBeUndefined();
    await publishResults(await admin(), quiz.id);

    const board = await boardOf(quiz.id);
    expect(board?.title).toBe(quiz.title);
    const [tieFirst, tieSecond] = [tieA, tieB].map((user) => user.id).sort((a, b) => a.localeCompare(b));
    expect(board?.winners.map((winner) => [winner.participantId, winner.rank, winner.score, winner.prizePaise, winner.freePass])).toEqual([
      [fast.id, 1, 5, 100_000, false],
      [slow.id, 2, 5, 50_000, false],
      [tieFirst, 3, 3, 20_000, false],
      [tieSecond, 3, 3, 20_000, false],
      [fifth.id, 5, 1, 0, true],
      [sixth.id, 6, 0, 0, true],
    ]);
    expect(board?.winners.map((winner) => winner.participantId)).not.toContain(seventh.id);
    expect(board?.winners[0].name).toBe(fast.name);
  });

  it("gives each participant their own rank in published quizzes only, against the default prize table", async () => {
    const [published, unpublished] = [await closedExam(), await closedExam()];
    const [alice, bob, carol] = [await participant(), await participant(), await participant()];
    await submittedAttempt(published.id, alice.id, 4, 100);
    await submittedAttempt(published.id, bob.id, 4, 200);
    await submittedAttempt(published.id, carol.id, 2, 50);
    await submittedAttempt(unpublished.id, alice.id, 1, 10);
    await publishResults(await admin(), published.id);

    expect(await myPublishedRanks(alice, alice.id)).toEqual([
      { quizId: published.id, title: published.title, rank: 1, of: 3, score: 4, prizePaise: 10_000_000, freePass: false },
    ]);
    expect(await myPublishedRanks(bob, bob.id)).toEqual([expect.objectContaining({ rank: 2, of: 3, prizePaise: 5_100_000 })]);
    expect(await myPublishedRanks(carol, carol.id)).toEqual([expect.objectContaining({ rank: 3, prizePaise: 2_500_000 })]);
  });

  it("shows everyone the default prize table, without any quiz's own tiers", async () => {
    expect(await defaultPrizeTable(VISITOR)).toEqual(DEFAULT_PRIZE_TIERS);
  });
});
