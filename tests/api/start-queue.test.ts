import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { examRefusalMessage, inEnglish } from "@/lib/catalogue";
import { config } from "@/lib/config";
import { connectDatabase, getDb } from "@/lib/db";
import { examStartPace } from "@/lib/exam";
import { markPaid, openExam, paidParticipant } from "../support/exam";
import { createQuiz } from "../support/factories";
import { participant } from "../support/users";
import { call } from "../support/http";
import { settledAtLeast } from "../support/race";

const QUEUE_NOTE = /^Many participants are starting at once\. You are in the queue: your quiz starts in about (?:1 second|\d+ seconds)\. Your time has not started yet; keep this page open\.$/;

describe("the exam start queue", () => {
  it("tells starts past the queue's wait when to come back (503, Retry-After, spread out), starts none of them, and lets them in when they do", async () => {
    const { quiz } = await openExam();
    const user = await paidParticipant(quiz.id);
    const startAs = (headers?: Record<string, string>) => call(start, { method: "POST", as: user, params: { quizId: quiz.id }, headers });
    // Holds every new attempt at its insert, so the instance's starts stay busy and the line grows.
    const { pool } = await connectDatabase();
    const blocker = await pool.connect();
    // Each answer with the moment it came (ms), to place the turn it names.
    const calls: Promise<Awaited<ReturnType<typeof startAs>> & { answeredAt: number }>[] = [];
    try {
      await blocker.query("begin");
      await blocker.query("lock table attempts in share mode");
      // A start already queued gets in, however long the wait; so the line has room for as many as
      // its pace lets through in its wait (at most its ceiling's worth), and never more than it
      // holds at once (EXAM_STARTS_HELD): 200 more are refused, told a turn of a second or more.
      const lineAtItsLongest = config.competition.startsPerSecond * config.competition.startQueueSeconds;
      const press = (times: number) => {
        for (let i = 0; i < times; i++) calls.push(startAs().then((answer) => ({ ...answer, answeredAt: Date.now() })));
      };
      press(config.competition.startsAtOnce + lineAtItsLongest + 200);
      const refusals = await settledAtLeast(calls, 1);
      expect(refusals.length).toBeGreaterThan(0);
      for (const { status, body, response } of refusals) {
        expect(status).toBe(503);
        expect(body.message).toMatch(QUEUE_NOTE);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(config.competition.startQueueSeconds);
      }
      // Turns are handed out at the line's pace: no more of the refused come back in any one second
      // than the line lets through, three times over at most: Retry-After rounds each turn up to a
      // whole second, and an answer the server decided in one second may reach the test in the next
      // (a full run on the PostgreSQL server once counted 201 against twice the pace of 100).
      const comebacks = new Map<number, number>();
      for (const { response, answeredAt } of refusals) {
        const second = Math.floor(answeredAt / 1000) + Number(response.headers.get("retry-after"));
        comebacks.set(second, (comebacks.get(second) ?? 0) + 1);
      }
      expect(Math.max(...comebacks.values())).toBeLessThanOrEqual(3 * config.competition.startsPerSecond);
      // The pace is learnt and may have risen meanwhile, making room in the line: that room is filled
      // before each start that must be refused (a start let into the line would wait behind the lock
      // this test holds, for ever).
      press(lineAtItsLongest);
      // In the caller's language.
      const inHindi = await startAs({ "accept-language": "hi" });
      expect(inHindi.status).toBe(503);
      expect(inHindi.body.message).toMatch(/^एक साथ बहुत से प्रतिभागी क्विज़ शुरू कर रहे हैं। आप कतार में हैं/);
      // Only a participant stands in line: a start without a session is answered as the route would, with no place.
      press(lineAtItsLongest);
      const anonymous = await call(start, { method: "POST", params: { quizId: quiz.id } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.response.headers.get("x-place-in-line")).toBeNull();
      expect(await attemptsOf(user.id)).toBe(0);
    } finally {
      await blocker.query("rollback").catch(() => undefined);
      blocker.release();
      // Every start of this test is answered before the next test begins, whatever failed above:
      // starts still in the line would hold the line and the pool the next test's line needs.
      await Promise.allSettled(calls);
    }
    const answers = await Promise.all(calls);
    const started = answers.filter(({ status }) => status === 200);
    expect(started.length).toBeGreaterThan(0);
    expect(new Set(started.map(({ body }) => body.attemptId)).size).toBe(1);
    expect(await attemptsOf(user.id)).toBe(1);
    // Back at its turn, a refused start finds its attempt.
    const again = await startAs();
    expect(again.status).toBe(200);
    expect(again.body.attemptId).toBe(started[0].body.attemptId);
  });
});

async function attemptsOf(participantId: string): Promise<number> {
  const db = await getDb();
  const { rows } = await db.execute<{ count: number }>(sql`select count(*)::int as count from attempts where participant_id = ${participantId}`);
  return rows[0].count;
}

const { startsAtOnce: AT_ONCE, startsPerSecond: CEILING, startQueueSeconds: WAIT } = config.competition;
const placeNumber = (answer: { response: Response }) => Number(answer.response.headers.get("x-place-in-line")?.split(".")[0]);

/**
 * Holds every new attempt at its insert (so the starts let in stay running) while `test` presses
 * Start: `fill` presses as a new participant as often as the line holds at its longest and more,
 * so that the next press is refused with a place. The pace is held at its ceiling meanwhile: learnt,
 * it would climb each second nothing is served and make room in the line for a press that must be
 * refused (and would then wait behind the lock this holds, for ever). Then lets the line drain.
 */
async function withTheLineHeld(quizId: string, test: (fill: () => Promise<void>) => Promise<void>) {
  const { pool } = await connectDatabase();
  const blocker = await pool.connect();
  const presses: Promise<unknown>[] = [];
  const pace = vi.spyOn(examStartPace(), "current").mockReturnValue(CEILING);
  try {
    await blocker.query("begin");
    await blocker.query("lock table attempts in share mode");
    await test(async () => {
      const filler = await paidParticipant(quizId);
      const burst = Array.from({ length: AT_ONCE + CEILING * WAIT + 20 }, () => call(start, { method: "POST", as: filler, params: { quizId } }));
      presses.push(...burst);
      // Some of the burst are refused once the line is at its longest.
      expect((await settledAtLeast(burst, 1)).length).toBeGreaterThan(0);
    });
  } finally {
    await blocker.query("rollback").catch(() => undefined);
    blocker.release();
    pace.mockRestore();
    // As above: the line drains before the next test, whatever failed.
    await Promise.allSettled(presses);
  }
}

describe("who may hold a place in the start line", () => {
  it("answers a start without a session 401, taking no place: the next participant's place is the one after the last participant's", async () => {
    const { quiz } = await openExam();
    const [first, next] = await Promise.all([paidParticipant(quiz.id), paidParticipant(quiz.id)]);
    await withTheLineHeld(quiz.id, async (fill) => {
      await fill();
      const firstRefused = await call(start, { method: "POST", as: first, params: { quizId: quiz.id } });
      expect(firstRefused.status).toBe(503);
      const anonymous = await Promise.all(
        Array.from({ length: 30 }, (_, index) => call(start, { method: "POST", params: { quizId: index % 2 ? quiz.id : randomUUID() } })),
      );
      for (const answer of anonymous) {
        expect(answer.status).toBe(401);
        expect(answer.response.headers.get("x-place-in-line")).toBeNull();
        expect(answer.response.headers.get("retry-after")).toBeNull();
      }
      const nextRefused = await call(start, { method: "POST", as: next, params: { quizId: quiz.id } });
      expect(nextRefused.status).toBe(503);
      expect(placeNumber(nextRefused)).toBe(placeNumber(firstRefused) + 1);
    });
  });

  it("gives no place to a participant whose entry is not paid, to a quiz whose window has not opened, or to a quiz that does not exist: they get the start's own answer", async () => {
    const { quiz } = await openExam();
    const db = await getDb();
    const notYetOpen = await createQuiz(db);
    const [unpaid, early, lost, after] = await Promise.all([participant(), paidParticipant(notYetOpen.id), participant(), paidParticipant(quiz.id)]);
    await withTheLineHeld(quiz.id, async (fill) => {
      await fill();
      const before = await call(start, { method: "POST", as: after, params: { quizId: quiz.id } });
      expect(before.status).toBe(503);
      const refusals = [
        [await call(start, { method: "POST", as: unpaid, params: { quizId: quiz.id } }), 403],
        [await call(start, { method: "POST", as: early, params: { quizId: notYetOpen.id } }), 403],
        [await call(start, { method: "POST", as: lost, params: { quizId: randomUUID() } }), 404],
        [await call(start, { method: "POST", as: lost, params: { quizId: "not-a-quiz" } }), 400],
      ] as const;
      for (const [answer, status] of refusals) {
        expect(answer.status).toBe(status);
        expect(answer.response.headers.get("x-place-in-line")).toBeNull();
      }
      expect(refusals[0][0].body.message).toBe(inEnglish(examRefusalMessage({ reason: "not-paid" })));
      // Nobody took a place between the two participants' presses.
      const again = await call(start, { method: "POST", as: (await paidParticipant(quiz.id)), params: { quizId: quiz.id } });
      expect(placeNumber(again)).toBe(placeNumber(before) + 1);
    });
  });

  it("honours a place only for the account and quiz it was given for", async () => {
    const { quiz } = await openExam();
    const { quiz: other } = await openExam();
    const [holder, borrower] = await Promise.all([paidParticipant(quiz.id), paidParticipant(quiz.id)]);
    await markPaid(holder, other.id);
    await withTheLineHeld(quiz.id, async (fill) => {
      await fill();
      const given = await call(start, { method: "POST", as: holder, params: { quizId: quiz.id } });
      expect(given.status).toBe(503);
      const place = given.response.headers.get("x-place-in-line")!;
      const borrowed = await call(start, { method: "POST", as: borrower, params: { quizId: quiz.id }, headers: { "x-place-in-line": place } });
      expect(borrowed.status).toBe(503);
      expect(placeNumber(borrowed)).toBeGreaterThan(placeNumber(given));
      const elsewhere = await call(start, { method: "POST", as: holder, params: { quizId: other.id }, headers: { "x-place-in-line": place } });
      expect(elsewhere.status).toBe(503);
      expect(placeNumber(elsewhere)).toBeGreaterThan(placeNumber(borrowed));
      // Its own holder, back with it, keeps it.
      const kept = await call(start, { method: "POST", as: holder, params: { quizId: quiz.id }, headers: { "x-place-in-line": place } });
      expect(kept.response.headers.get("x-place-in-line")).toBe(place);
    });
  });

  it("tells a participant back before their turn the same place, with their place or without it, and no sooner a turn", async () => {
    const { quiz } = await openExam();
    const early = await paidParticipant(quiz.id);
    await withTheLineHeld(quiz.id, async (fill) => {
      await fill();
      const refused = await call(start, { method: "POST", as: early, params: { quizId: quiz.id } });
      const turnAt = Date.now() + Number(refused.response.headers.get("retry-after")) * 1000;
      expect(refused.status).toBe(503);
      const place = refused.response.headers.get("x-place-in-line")!;
      for (const headers of [{ "x-place-in-line": place }, undefined, { "x-place-in-line": place }]) {
        const tooSoon = await call(start, { method: "POST", as: early, params: { quizId: quiz.id }, headers });
        expect(tooSoon.status).toBe(503);
        expect(tooSoon.response.headers.get("x-place-in-line")).toBe(place);
        // Its turn, told in whole seconds, is no sooner than the one it was given.
        expect(Date.now() + Number(tooSoon.response.headers.get("retry-after")) * 1000).toBeGreaterThanOrEqual(turnAt - 1000);
      }
    });
  });
});
