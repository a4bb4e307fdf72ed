import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { PUT as saveAnswer } from "@/app/api/exam/[quizId]/answers/route";
import { POST as start } from "@/app/api/exam/[quizId]/start/route";
import { GET as ready } from "@/app/api/ready/route";
import { attemptAnswers, attempts } from "@/db/schema";
import type { ActiveUser } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { openExam, paidParticipant } from "./exam";
import { call } from "./http";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Participants who keep saving answers through the real route handler, one save at a time,
 * each retried until it is acknowledged (as the exam's outbox does). Tracks the last
 * acknowledged option per question, which is what the database must hold at the end.
 */
export async function participantsSavingAnswers(options: { participants: number; questions: number }) {
  const { quiz, questionIds } = await openExam({ count: options.questions });
  const users: ActiveUser[] = [];
  for (let index = 0; index < options.participants; index++) {
    const user = await paidParticipant(quiz.id);
    expect((await call(start, { as: user, params: { quizId: quiz.id } })).status).toBeLessThan(300);
    users.push(user);
  }

  let running = true;
  const acknowledged = new Map<string, Map<string, number>>();
  const acknowledgedAt: number[] = [];
  let refused = 0;
  // Strictly increasing and in the past: every retry is newer than any earlier attempt.
  const firstAnsweredAt = Date.now() - 3_600_000;

  const loops = users.map(async (user) => {
    const answers = new Map<string, number>();
    acknowledged.set(user.id, answers);
    let saves = 0;
    for (let round = 0; running; round++) {
      for (let position = 0; position < questionIds.length && running; position++) {
        const selectedOptionIndex = (round + position) % 4;
        const giveUpAt = Date.now() + 60_000;
        for (;;) {
          saves++;
          const json = { questionId: questionIds[position], selectedOptionIndex, answeredAt: new Date(firstAnsweredAt + saves).toISOString(), currentQuestionIndex: position, timeLeftSeconds: 1500 };
          const { status } = await call(saveAnswer, { method: "PUT", as: user, params: { quizId: quiz.id }, json }).catch(() => ({ status: 0 }));
          if (status === 200) {
            answers.set(questionIds[position], selectedOptionIndex);
            acknowledgedAt.push(Date.now());
            break;
          }
          refused++;
          if (Date.now() > giveUpAt) throw new Error(`a save was refused for a minute (last status ${status})`);
          await pause(100);
        }
      }
    }
  });

  return {
    /** Resolves once `count` saves were acknowledged after `since`. */
    async acknowledgedAfter(since: number, count: number, withinMs = 30_000) {
      const deadline = Date.now() + withinMs;
      while (acknowledgedAt.filter((at) => at > since).length < count) {
        if (Date.now() > deadline) throw new Error(`fewer than ${count} saves acknowledged within ${withinMs} ms`);
        await pause(50);
      }
    },
    refusedSaves: () => refused,
    /** Stops the participants (after a failed test too) once their saves in flight finish. */
    async stop() {
      running = false;
      await Promise.allSettled(loops);
    },
    acknowledgedSaves: () => acknowledgedAt.length,
    /** Stops after every participant's save in flight is acknowledged, then compares with the database. */
    async stopAndCheckEveryAcknowledgedAnswerIsStored() {
      running = false;
      await Promise.all(loops);
      const db = await getDb();
      for (const user of users) {
        const rows = await db
          .select({ questionId: attemptAnswers.questionId, option: attemptAnswers.selectedOptionIndex })
          .from(attemptAnswers)
          .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
          .where(and(eq(attempts.participantId, user.id), eq(attempts.quizId, quiz.id)));
        expect(new Map(rows.map((row) => [row.questionId, row.option]))).toEqual(acknowledged.get(user.id));
      }
    },
  };
}

/** What /api/ready answered, when, and its whole body as sent. */
interface ReadinessAnswer {
  status: number;
  database: { ok: boolean; cause?: string };
  /** When the answer arrived. */
  at: number;
  body: string;
}

/** Calls /api/ready every 100 ms and keeps what it answered, in order; resolves after its first answer. */
export async function watchReadiness() {
  const seen: ReadinessAnswer[] = [];
  let running = true;
  const polling = (async () => {
    while (running) {
      const response = await ready();
      const body = await response.text();
      const { checks } = JSON.parse(body) as { checks: { database: ReadinessAnswer["database"] } };
      seen.push({ status: response.status, database: checks.database, at: Date.now(), body });
      await pause(100);
    }
  })();
  await until(() => seen.length > 0, 10_000, "a first answer from /api/ready");
  return {
    seen,
    async stop() {
      running = false;
      await polling;
      return seen;
    },
  };
}

/** Waits until `probe` resolves to true, checking every 50 ms. */
export async function until(probe: () => Promise<boolean> | boolean, withinMs: number, what: string): Promise<number> {
  const startedAt = Date.now();
  while (!(await probe())) {
    if (Date.now() - startedAt > withinMs) throw new Error(`${what} did not happen within ${withinMs} ms`);
    await pause(50);
  }
  return Date.now() - startedAt;
}
