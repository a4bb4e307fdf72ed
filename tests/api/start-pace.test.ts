import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { config } from "@/lib/config";
import { connectDatabase } from "@/lib/db";
import { examStartPace } from "@/lib/exam";
import { openExam, paidParticipant } from "../support/exam";
import { call } from "../support/http";
import { asOwner } from "../support/owner";
import { settledAtLeast } from "../support/race";

const { startLineTargetMs: TARGET_MS, startsPerSecond: CEILING, startsAtOnce: AT_ONCE } = config.competition;
/** How long each of the slow database's saves sleeps: past the target, with room for the rest of a save. */
const SLOW_SAVE_SECONDS = (TARGET_MS * 1.2) / 1000;

describe("the start line's pace, learnt from the answer saves", () => {
  it("falls while the database makes saves slow, so starts wait their turn, and rises again once it recovers", async () => {
    const { quiz, questionIds } = await openExam();
    const writer = await paidParticipant(quiz.id);
    const begun = await call(start, { as: writer, params: { quizId: quiz.id } });
    expect(begun.status).toBe(200);
    const attemptId = begun.body.attemptId as string;
    let saved = 0;
    /** One participant saving answer after answer for `seconds` (or until `enough`), as a hall does; the durations it saw. */
    const keepSaving = async (seconds: number, enough = () => false) => {
      const durations: number[] = [];
      for (const until = Date.now() + seconds * 1000; Date.now() < until && !enough(); saved++) {
        const began = performance.now();
        const { status } = await call(saveAnswer, {
          method: "PUT",
          as: writer,
          params: { quizId: quiz.id },
          json: { questionId: questionIds[saved % questionIds.length], selectedOptionIndex: saved % 4, answeredAt: new Date().toISOString(), currentQuestionIndex: 0, timeLeftSeconds: 1500 },
        });
        expect(status).toBe(200);
        durations.push(performance.now() - began);
      }
      return durations;
    };

    // A slow database: every answer this attempt writes sleeps in a trigger (only this attempt's, so
    // the files running beside this one keep their speed), its search path fixed as every function's
    // must be (tests/db/shadowing.test.ts lists them, beside this file).
    const slowly = `slow_saves_${attemptId.replaceAll("-", "")}`;
    await asOwner(async (tx) => {
      await tx.execute(sql.raw(`create function ${slowly}() returns trigger language plpgsql set search_path = pg_catalog, public, pg_temp as $$ begin perform pg_sleep(${SLOW_SAVE_SECONDS}); return new; end $$`));
      await tx.execute(sql.raw(`create trigger ${slowly} before insert on attempt_answers for each row when (new.attempt_id = '${attemptId}') execute function ${slowly}()`));
    });
    try {
      // Each second over target cuts the pace to 70 %: three such seconds take it to a third of its ceiling.
      const slowDurations = await keepSaving(15, () => examStartPace().current() <= CEILING * 0.7 ** 3 + 1);
      expect(Math.min(...slowDurations)).toBeGreaterThan(TARGET_MS);
      const paceWhenSlow = examStartPace().current();
      expect(paceWhenSlow).toBeLessThanOrEqual(CEILING * 0.7 ** 3 + 1);

      // A hall presses Start meanwhile, with every start held at its insert: the line holds as many
      // as the learnt pace lets through in its wait, and tells the rest when to come back, spread
      // at that pace (at the ceiling, all of these would have waited in line).
      const hall = await Promise.all(Array.from({ length: 40 }, () => paidParticipant(quiz.id)));
      // As many as the line holds at the pace it has now (or one step up, should a second turn
      // meanwhile), and 20 more.
      const paceNow = examStartPace().current();
      const pressing = AT_ONCE + Math.ceil((paceNow + CEILING / 20) * config.competition.startQueueSeconds) + 20;
      expect(pressing).toBeLessThan(CEILING * config.competition.startQueueSeconds);
      const { pool } = await connectDatabase();
      const blocker = await pool.connect();
      try {
        await blocker.query("begin");
        await blocker.query("lock table attempts in share mode");
        const calls = Array.from({ length: pressing }, (_, index) => call(start, { as: hall[index % hall.length], params: { quizId: quiz.id } }));
        const refused = await settledAtLeast(calls, 20);
        expect(refused.length).toBeGreaterThanOrEqual(20);
        expect(refused.length).toBeLessThan(pressing - AT_ONCE);
        for (const { status, response } of refused) {
          expect(status).toBe(503);
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        }
        await blocker.query("rollback");
        await Promise.all(calls);
      } finally {
        // Never back into the pool with the lock held: every other file's starts would wait on it.
        await blocker.query("rollback").catch(() => undefined);
        blocker.release();
      }
    } finally {
      await asOwner(async (tx) => {
        await tx.execute(sql.raw(`drop trigger if exists ${slowly} on attempt_answers`));
        await tx.execute(sql.raw(`drop function if exists ${slowly}()`));
      });
    }

    // The database recovers: saves are fast again, and the pace climbs by a twentieth of its ceiling
    // a second (from where the hall's held starts, timed as they finished, left it).
    await keepSaving(1.2);
    const paceAfterHall = examStartPace().current();
    expect(paceAfterHall).toBeLessThan(CEILING);
    // Three seconds within target take it three steps up; a second slowed by the files running beside
    // this one cuts it again, so it is given up to 15 s to get there.
    const risen = Math.min(CEILING, paceAfterHall + 3 * (CEILING / 20));
    const fastDurations = await keepSaving(15, () => examStartPace().current() >= risen);
    expect(percentile95(fastDurations)).toBeLessThan(TARGET_MS);
    expect(examStartPace().current()).toBeGreaterThanOrEqual(risen);
  }, 60_000);
});

function percentile95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1];
}
