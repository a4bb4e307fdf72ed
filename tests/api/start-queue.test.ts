import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { config } from "@/lib/config";
import { connectDatabase, getDb } from "@/lib/db";
import { openExam, paidParticipant } from "../support/exam";
import { call } from "../support/http";
import { settledWithin } from "../support/race";

const QUEUE_NOTE = /^Many participants are starting at once\. You are in the queue: your quiz starts in about \d+ seconds\. Your time has not started yet; keep this page open\.$/;

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
      // its pace lets through in its wait (at most its ceiling's worth): 200 more are refused.
      const lineAtItsLongest = config.competition.startsPerSecond * config.competition.startQueueSeconds;
      const press = (times: number) => {
        for (let i = 0; i < times; i++) calls.push(startAs().then((answer) => ({ ...answer, answeredAt: Date.now() })));
      };
      press(config.competition.startsAtOnce + lineAtItsLongest + 200);
      const refusals = await settledWithin(calls, 3000);
      expect(refusals.length).toBeGreaterThan(0);
      for (const { status, body, response } of refusals) {
        expect(status).toBe(503);
        expect(body.message).toMatch(QUEUE_NOTE);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(config.competition.startQueueSeconds);
      }
      // Turns are handed out at the line's pace: no more of the refused come back in any one second
      // than the line lets through (twice that, as Retry-After rounds each turn up to a whole second).
      const comebacks = new Map<number, number>();
      for (const { response, answeredAt } of refusals) {
        const second = Math.floor(answeredAt / 1000) + Number(response.headers.get("retry-after"));
        comebacks.set(second, (comebacks.get(second) ?? 0) + 1);
      }
      expect(Math.max(...comebacks.values())).toBeLessThanOrEqual(2 * config.competition.startsPerSecond);
      // The pace is learnt and may have risen meanwhile, making room in the line: that room is filled
      // before each start that must be refused (a start let into the line would wait behind the lock
      // this test holds, for ever).
      press(lineAtItsLongest);
      // In the caller's language.
      const inHindi = await startAs({ "accept-language": "hi" });
      expect(inHindi.status).toBe(503);
      expect(inHindi.body.message).toMatch(/^एक साथ बहुत से प्रतिभागी क्विज़ शुरू कर रहे हैं। आप कतार में हैं/);
      // The line is checked before the caller is looked up: a refusal reads nothing, not even the session.
      press(lineAtItsLongest);
      const anonymous = await call(start, { method: "POST", params: { quizId: quiz.id } });
      expect(anonymous.status).toBe(503);
      expect(await attemptsOf(user.id)).toBe(0);
    } finally {
      await blocker.query("rollback").catch(() => undefined);
      blocker.release();
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
