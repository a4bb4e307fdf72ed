import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { POST as publish } from "@/app/api/quizzes/[quizId]/publish-results/route";
import { attemptAnswers, attempts, auditLog, objections, prizeTiers, publishedResults, quizzes, resultRows } from "@/db/schema";
import { VISITOR } from "@/lib/auth";
import { closeDatabase, connectDatabase, getDb, violatedConstraint } from "@/lib/db";
import { Conflict, Forbidden, NotFound, Unauthenticated } from "@/lib/errors";
import { saveAnswer, startExam } from "@/lib/exam";
import { decideObjections, objectToKey } from "./index";
import { appealDisqualification, decideAppeal, disqualifyAttempt, grantExtraTime } from "@/lib/review";
import { config } from "@/lib/config";
import { APPEALS_UNDECIDED, catalogued, inEnglish, KEY_NOT_PUBLISHED, message, OBJECTIONS_UNDECIDED } from "@/lib/catalogue";
import { defaultPrizeTable } from "@/lib/quizzes";
import { DEFAULT_PRIZE_TIERS } from "@/lib/seed";
import { closedExam, finalisingAlone, openExam, paidParticipant } from "@/tests/support/exam";
import { call } from "@/tests/support/http";
import { answeredAttempt, closedQuizWithQuestions, HOUR, seededQuiz, settleKey } from "@/tests/support/results";
import { asInsider } from "@/tests/support/insider";
import { asOwner } from "@/tests/support/owner";
import { admin, participant } from "@/tests/support/users";
import { sha256Hex, type PublicResults } from "./public-file";
import { myPublishedRanks, publishedWinners, publishResults as publishAnyTime, TOP_RANKS_WITHOUT_PRIZES, verifyPublishedResults } from "./index";

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

/** The seeded quiz (A and B tie at the top) with its key settled and its results published. */
async function publishedSeededQuiz() {
  const seeded = await seededQuiz();
  const afterWindow = await settleKey(seeded.quiz);
  await publishResults(await admin(), seeded.quiz.id, afterWindow);
  return { ...seeded, afterWindow };
}

describe("the results door", () => {
  it("refuses publishing to a visitor and a participant, and publishes nothing", async () => {
    const quiz = await closedExam();
    await expect(publishResults(VISITOR, quiz.id)).rejects.toThrow(Unauthenticated);
    await expect(publishResults(await participant(), quiz.id)).rejects.toThrow(new Forbidden(catalogued("Only admins can do this.")));
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
  it("waits for the exam window, the provisional key and its objection window, then keeps the first publication", async () => {
    const { quiz } = await openExam();
    const boss = await admin();
    await expect(publishResults(boss, quiz.id)).rejects.toThrow(new Conflict(catalogued("Results can be published once the exam window has closed.")));
    await expect(publishResults(boss, quiz.id, quiz.examEndAt)).rejects.toThrow(new Conflict(catalogued(KEY_NOT_PUBLISHED)));

    const windowCloses = await settleKey(quiz);
    await expect(publishResults(boss, quiz.id, new Date(windowCloses.getTime() - 1))).rejects.toThrow(new Conflict(message("objectionWindowRunning", { closesAt: windowCloses })));
    expect(await publishedAt(quiz.id)).toBeNull();

    await publishResults(boss, quiz.id, windowCloses);
    await publishResults(boss, quiz.id, new Date(windowCloses.getTime() + HOUR));
    expect(await publishedAt(quiz.id)).toEqual(windowCloses);
  });

  it("waits for a late starter's deadline after the window closes, then submits that attempt and ranks it", async () => {
    const { quiz } = await openExam({ count: 2, correct: 1 });
    const [boss, late] = [await admin(), await paidParticipant(quiz.id)];
    // Started a minute before the window closed with 5 minutes' extra time: the deadline is the window's end plus the extra time.
    await grantExtraTime(boss, quiz.id, { email: late.email, unit: "minutes", amount: 5, reason: "Extra time agreed with the school for a documented need." });
    const view = await startExam(late, quiz.id, new Date(quiz.examEndAt.getTime() - 60_000));
    await saveAnswer(late, quiz.id, { questionId: view.questions[0].id, selectedOptionIndex: 1, answeredAt: new Date(quiz.examEndAt.getTime() - 30_000), currentQuestionIndex: 0, timeLeftSeconds: 30 }, new Date(quiz.examEndAt.getTime() - 30_000));
    const deadline = new Date(view.deadlineAt);
    expect(deadline.getTime()).toBe(quiz.examEndAt.getTime() + 5 * 60_000);
    // Saves sent in time are taken until the network grace after the deadline is over.
    const lastTaken = new Date(deadline.getTime() + config.competition.networkGraceSeconds * 1000);

    for (const at of [quiz.examEndAt, new Date(lastTaken.getTime() - 1)]) {
      await expect(publishResults(boss, quiz.id, at)).rejects.toThrow(new Conflict(message("resultsWaitForAttempts", { lastDeadline: lastTaken })));
    }
    expect(await publishedAt(quiz.id)).toBeNull();

    const windowCloses = await settleKey({ ...quiz, examEndAt: lastTaken });
    await publishResults(boss, quiz.id, windowCloses);
    const db = await getDb();
    const [attempt] = await db.select().from(attempts).where(eq(attempts.id, view.attemptId));
    expect(attempt).toMatchObject({ submittedAt: deadline, score: 1 });
    expect((await boardOf(quiz.id))?.winners.map((winner) => [winner.participantId, winner.score])).toEqual([[late.id, 1]]);
  });

  it("answers the publish route with 409 while an attempt of a closed window is still running", async () => {
    const [quiz, boss, late] = [await closedExam(), await admin(), await participant()];
    const deadline = new Date(Date.now() + 5 * 60_000);
    const db = await getDb();
    await db.insert(attempts).values({ quizId: quiz.id, participantId: late.id, shuffleSeed: 1, startedAt: new Date(Date.now() - 60_000), deadlineAt: deadline, timeLeftSeconds: 300 });
    const routed = await finalisingAlone(() => call(publish, { as: boss, params: { quizId: quiz.id } }));
    const lastTaken = new Date(deadline.getTime() + config.competition.networkGraceSeconds * 1000);
    expect(routed).toMatchObject({ status: 409, body: { message: inEnglish(message("resultsWaitForAttempts", { lastDeadline: lastTaken })) } });
    expect(await publishedAt(quiz.id)).toBeNull();
  });

  it("is refused while an objection is undecided, and publishes the ranking its decision produced", async () => {
    const { quiz, questionIds, people } = await seededQuiz();
    const boss = await admin();
    await settleKey(quiz);
    const duringWindow = new Date(quiz.examEndAt.getTime() + HOUR);
    await objectToKey(people.B, quiz.id, { questionId: questionIds[1], reason: "Option Z is also right." }, duringWindow);
    const afterWindow = new Date(quiz.examEndAt.getTime() + quiz.objectionWindowHours * HOUR);
    await expect(publishResults(boss, quiz.id, afterWindow)).rejects.toThrow(new Conflict(catalogued(OBJECTIONS_UNDECIDED)));
    expect(await publishedAt(quiz.id)).toBeNull();

    // B answered Z (3) on question 2: the new key breaks the A–B tie at the top in B's favour.
    await decideObjections(boss, quiz.id, questionIds[1], { decision: "change", newOptionIndex: 3, note: "Z is right." });
    await publishResults(boss, quiz.id, afterWindow);
    const board = await boardOf(quiz.id);
    const placed = (name: string) => board?.winners.find((row) => row.participantId === people[name].id);
    expect(["B", "A", "D", "C"].map((name) => [placed(name)?.rank, placed(name)?.score])).toEqual([[1, 3], [2, 1], [3, 1], [4, 0]]);
  });

  it("lists the winners by score then time, splitting a full tie and paying the quiz's own prize tiers", async () => {
    const { quiz, questionIds } = await closedQuizWithQuestions(5);
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
    for (const [index, [right, seconds]] of results.entries()) await answeredAttempt(quiz.id, questionIds, people[index].id, right, seconds);

    expect(await boardOf(quiz.id)).toBeUndefined();
    await publishResults(await admin(), quiz.id, await settleKey(quiz));

    const board = await boardOf(quiz.id);
    expect(board?.title).toBe(quiz.title);
    expect(board?.prizes).toHaveLength(5);
    const [tieFirst, tieSecond] = [tieA, tieB].map((user) => user.id).sort();
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

  it("pays a three-way tie for a ₹200 prize ₹200.00 in all, the left-over paise to the earlier submissions, in the frozen rows and in verify", async () => {
    const { quiz, questionIds } = await closedQuizWithQuestions(2);
    const db = await getDb();
    await db.insert(prizeTiers).values([{ quizId: quiz.id, rankFrom: 1, rankTo: 1, kind: "cash", amountPaise: 20_000 }]);
    const [late, early, middle] = [await participant(), await participant(), await participant()];
    // Equal score and equal time taken, but started (and so submitted) 30, 10 and 20 minutes after the window opened.
    for (const [user, minutes] of [[late, 30], [early, 10], [middle, 20]] as const) {
      const startedAt = new Date(quiz.examStartAt.getTime() + minutes * 60_000);
      const [attempt] = await db
        .insert(attempts)
        .values({ quizId: quiz.id, participantId: user.id, shuffleSeed: 1, startedAt, deadlineAt: new Date(startedAt.getTime() + HOUR), timeLeftSeconds: 0 })
        .returning();
      await db.insert(attemptAnswers).values(questionIds.map((questionId) => ({ attemptId: attempt.id, questionId, selectedOptionIndex: 2, answeredAt: startedAt })));
      // Submitted once its answers are in: a submitted attempt's answers are frozen (migration 0023).
      await db.update(attempts).set({ submittedAt: new Date(startedAt.getTime() + 300_000), score: 0, timeTakenSeconds: 300 }).where(eq(attempts.id, attempt.id));
    }
    await publishResults(await admin(), quiz.id, await settleKey(quiz));

    const rows = await db.select().from(resultRows).where(eq(resultRows.quizId, quiz.id));
    expect(Object.fromEntries(rows.map((row) => [row.participantId, [row.rank, row.prizePaise]]))).toEqual({
      [early.id]: [1, 6_667],
      [middle.id]: [1, 6_667],
      [late.id]: [1, 6_666],
    });
    expect(rows.reduce((total, row) => total + row.prizePaise, 0)).toBe(20_000);
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ matches: true, firstDifference: null, rows: 3 });
  });

  it("gives each participant their own rank, time and the rule that placed them, against the default prize table", async () => {
    const { quiz, people } = await publishedSeededQuiz();
    const [mine] = await myPublishedRanks(people.C, people.C.id);
    expect(mine).toMatchObject({ quizId: quiz.id, rank: 3, of: 4, score: 1, timeTakenSeconds: 100, prizePaise: 2_500_000, freePass: false });
    expect(mine.placement).toEqual({
      tiedWith: 0,
      above: { rank: 1, score: 2, timeTakenSeconds: 100, decidedBy: "score" },
      below: { rank: 4, score: 1, timeTakenSeconds: 200, decidedBy: "time" },
    });
    const [top] = await myPublishedRanks(people.A, people.A.id);
    expect(top).toMatchObject({ rank: 1, prizePaise: Math.floor((10_000_000 + 5_100_000) / 2), placement: { tiedWith: 1, above: null } });
  });

  it("leaves a disqualified attempt out of the ranking", async () => {
    const { quiz, people } = await seededQuiz();
    const db = await getDb();
    await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Phone visible in the recording." }).where(eq(attempts.participantId, people.A.id));
    await publishResults(await admin(), quiz.id, await settleKey(quiz));
    const winners = (await boardOf(quiz.id))?.winners ?? [];
    expect(winners.map((row) => [row.participantId, row.rank])).toEqual([[people.B.id, 1], [people.C.id, 2], [people.D.id, 3]]);
    expect(await myPublishedRanks(people.A, people.A.id)).toEqual([]);
  });

  it("is refused while a disqualification appeal is open, and ranks the decided outcome", async () => {
    const { quiz, people } = await seededQuiz();
    const boss = await admin();
    const afterWindow = await settleKey(quiz);
    const [attemptA] = await (await getDb()).select().from(attempts).where(eq(attempts.participantId, people.A.id));
    await disqualifyAttempt(boss, attemptA.id, "A phone is visible in the recording for ten minutes.");
    await appealDisqualification(people.A, quiz.id, "That was my calculator, allowed by the rules.");
    await expect(publishResults(boss, quiz.id, afterWindow)).rejects.toThrow(new Conflict(catalogued(APPEALS_UNDECIDED)));
    expect(await publishedAt(quiz.id)).toBeNull();

    await decideAppeal(boss, attemptA.id, { outcome: "rejected", response: "Calculators are not allowed." });
    await publishResults(boss, quiz.id, afterWindow);
    expect((await boardOf(quiz.id))?.winners.map((row) => row.participantId)).not.toContain(people.A.id);
  });

  it("shows everyone the default prize table, without any quiz's own tiers", async () => {
    expect(await defaultPrizeTable(VISITOR)).toEqual(DEFAULT_PRIZE_TIERS);
  });
});

describe("frozen results", () => {
  it("writes the ranking, the final key and a digest anyone can recompute, and records who published", async () => {
    const { quiz, questionIds, people } = await publishedSeededQuiz();
    const db = await getDb();
    const [published] = await db.select().from(publishedResults).where(eq(publishedResults.quizId, quiz.id));
    expect(published.answerKey).toEqual(questionIds.map((questionId, position) => ({ questionId, correctOptionIndex: position, dropped: false })));
    const rows = await db.select().from(resultRows).where(eq(resultRows.quizId, quiz.id));
    expect(published.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(published.resultsFile!)).toBe(published.digest);
    const pseudonymOfPerson = (name: string) => rows.find((row) => row.participantId === people[name].id)?.pseudonym;
    expect((JSON.parse(published.resultsFile!) as PublicResults).rows.map((row) => row.pseudonym).slice(2)).toEqual([pseudonymOfPerson("C"), pseudonymOfPerson("D")]);
    expect((await boardOf(quiz.id))?.digest).toBe(published.digest);

    const verification = await verifyPublishedResults(VISITOR, quiz.id);
    expect(verification).toMatchObject({ matches: true, firstDifference: null, rows: 4, publishedDigest: published.digest, recomputedDigest: published.digest });
    const [entry] = await db.select().from(auditLog).where(sql`${auditLog.action} = 'results.publish' and ${auditLog.subjectId} = ${quiz.id}`);
    expect(entry).toMatchObject({ after: { digest: published.digest, participants: 4, winners: 4 } });
  });

  it("does not change when an attempt is edited afterwards, and results:verify names the first differing row", async () => {
    const { quiz, questionIds, people } = await publishedSeededQuiz();
    const before = await boardOf(quiz.id);
    // D now looks faster than everyone and C's wrong answer on question 3 becomes right.
    await asInsider(async (tx) => {
      await tx.update(attempts).set({ timeTakenSeconds: 5, score: 99 }).where(eq(attempts.participantId, people.D.id));
      await tx.execute(sql`update attempt_answers set selected_option_index = 2
        where question_id = ${questionIds[2]} and attempt_id = (select id from attempts where participant_id = ${people.C.id})`);
    });

    expect(await boardOf(quiz.id)).toEqual(before);
    const verification = await verifyPublishedResults(VISITOR, quiz.id);
    expect(verification.matches).toBe(false);
    expect(verification.recomputedDigest).not.toBe(verification.publishedDigest);
    // C's edited answers give it 2 marks: it joins the tie at the top, changing row 1 in canonical order.
    expect(verification.firstDifference?.position).toBe(1);
    expect(verification.firstDifference?.recomputed).toMatchObject({ rank: 1 });
    await expect(verifyPublishedResults(VISITOR, (await closedExam()).id)).rejects.toThrow(NotFound);
  });

  it("reports a stored score that the answers do not give, though the ranking (recomputed from the answers) matches", async () => {
    const { quiz, people } = await seededQuiz();
    const afterWindow = await settleKey(quiz);
    // C (1 mark) is shown 3/3 on the exam page and in the admin's Responses list.
    await asInsider((tx) => tx.update(attempts).set({ score: 3 }).where(eq(attempts.participantId, people.C.id)));
    await publishResults(await admin(), quiz.id, afterWindow);

    const verification = await verifyPublishedResults(VISITOR, quiz.id);
    expect(verification.matches).toBe(true);
    const [attempt] = await (await getDb()).select().from(attempts).where(eq(attempts.participantId, people.C.id));
    expect(verification.firstInputDifference).toEqual({ attemptId: attempt.id, participantId: people.C.id, field: "score", stored: 3, recomputed: 1 });
  });

  it("reports a time taken that the attempt's start and submission do not give, or past its deadline", async () => {
    const { quiz, people } = await publishedSeededQuiz();
    const db = await getDb();
    const [d] = await db.select().from(attempts).where(eq(attempts.participantId, people.D.id));
    expect((await verifyPublishedResults(VISITOR, quiz.id)).firstInputDifference).toBeNull();

    await asInsider((tx) => tx.update(attempts).set({ timeTakenSeconds: 50 }).where(eq(attempts.id, d.id)));
    expect((await verifyPublishedResults(VISITOR, quiz.id)).firstInputDifference).toEqual({
      attemptId: d.id, participantId: people.D.id, field: "timeTakenSeconds", stored: 50, recomputed: 200,
    });

    // Submitted an hour after the deadline, time taken to match: no attempt can take longer than its deadline allows.
    const late = new Date(d.deadlineAt.getTime() + HOUR);
    const took = Math.floor((late.getTime() - d.startedAt.getTime()) / 1000);
    await asInsider((tx) => tx.update(attempts).set({ submittedAt: late, timeTakenSeconds: took }).where(eq(attempts.id, d.id)));
    const allowed = Math.floor((d.deadlineAt.getTime() - d.startedAt.getTime()) / 1000);
    expect((await verifyPublishedResults(VISITOR, quiz.id)).firstInputDifference).toEqual({
      attemptId: d.id, participantId: people.D.id, field: "timeTakenSeconds", stored: took, recomputed: allowed,
    });
  });

  it("cannot be changed or deleted by anyone, the schema's owner included: triggers refuse UPDATE and DELETE", async () => {
    const { quiz } = await publishedSeededQuiz();
    const attempts = [
      sql`update result_rows set score = 100 where quiz_id = ${quiz.id}`,
      sql`delete from result_rows where quiz_id = ${quiz.id}`,
      sql`update published_results set digest = 'forged' where quiz_id = ${quiz.id}`,
      sql`delete from published_results where quiz_id = ${quiz.id}`,
    ];
    for (const statement of attempts) {
      const refused = await asOwner((tx) => tx.execute(statement)).then(() => null, (error: unknown) => error);
      expect(violatedConstraint(refused)).toMatch(/^(result_rows|published_results)_append_only$/);
    }
    expect((await verifyPublishedResults(VISITOR, quiz.id)).matches).toBe(true);
  });

  it("shows the top ranks of a quiz whose prize table pays no one, not that no participant submitted it", async () => {
    const { quiz, questionIds } = await closedQuizWithQuestions(3);
    const db = await getDb();
    // No tiers of its own and prize money that is not the default table's: a ranking without prizes.
    await db.update(quizzes).set({ prizeMoneyPaise: 0 }).where(eq(quizzes.id, quiz.id));
    const people = await Promise.all(Array.from({ length: TOP_RANKS_WITHOUT_PRIZES + 2 }, () => participant()));
    for (const [index, person] of people.entries()) await answeredAttempt(quiz.id, questionIds, person.id, index % 4, 100 + index);
    await publishResults(await admin(), quiz.id, await settleKey(quiz));

    const board = await boardOf(quiz.id);
    expect(board?.participants).toBe(people.length);
    expect(board?.winners.map((row) => row.rank)).toEqual(Array.from({ length: TOP_RANKS_WITHOUT_PRIZES }, (_, index) => index + 1));
    expect(board?.winners.every((row) => row.prizePaise === 0 && !row.freePass)).toBe(true);
    expect(board?.winners[0].score).toBe(3);
  });

  it("reads the winners page from the frozen rows in a fixed number of queries, however many take part", async () => {
    const { pool } = await connectDatabase();
    const small = await closedQuizWithQuestions(2);
    const large = await closedQuizWithQuestions(2);
    for (const [quiz, count] of [[small.quiz, 2], [large.quiz, 40]] as const) {
      const ids = quiz.id === small.quiz.id ? small.questionIds : large.questionIds;
      const people = await Promise.all(Array.from({ length: count }, () => participant()));
      for (const [index, person] of people.entries()) await answeredAttempt(quiz.id, ids, person.id, index % 3, 100 + index);
      await publishResults(await admin(), quiz.id, await settleKey(quiz));
    }
    const query = vi.spyOn(pool, "query");
    try {
      const board = await publishedWinners(VISITOR);
      expect(board.find((entry) => entry.id === large.quiz.id)?.winners.length).toBeGreaterThan(20);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      query.mockRestore();
    }
  });
});

describe("objections and frozen results", () => {
  it("records a decision taken after publishing without touching the published rows or any score: only a revision applies it", async () => {
    const { quiz, questionIds, people } = await publishedSeededQuiz();
    const db = await getDb();
    await db.insert(objections).values({ quizId: quiz.id, questionId: questionIds[0], participantId: people.D.id, reason: "Late objection" });
    const before = { board: await boardOf(quiz.id), scores: await db.select({ id: attempts.id, score: attempts.score }).from(attempts).where(eq(attempts.quizId, quiz.id)) };
    expect(await decideObjections(await admin(), quiz.id, questionIds[0], { decision: "drop", note: "Both readings of the question are defensible." })).toEqual({ rescored: 0, notified: 0, awaitsRevision: true });
    expect(await boardOf(quiz.id)).toEqual(before.board);
    expect(await db.select({ id: attempts.id, score: attempts.score }).from(attempts).where(eq(attempts.quizId, quiz.id))).toEqual(before.scores);
    expect(await verifyPublishedResults(VISITOR, quiz.id)).toMatchObject({ matches: true, firstInputDifference: null });
  });
});
