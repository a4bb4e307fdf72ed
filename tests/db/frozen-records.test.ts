import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { attemptAnswers, attempts } from "@/db/schema";
import { closeDatabase, getDb, PostgresError, postgresErrorCode, violatedConstraint } from "@/lib/db";
import { asOwner } from "../support/owner";
import { answeredAttempt, closedQuizWithQuestions } from "../support/results";
import { participant } from "../support/users";

afterAll(closeDatabase);

/** Every table whose rows are a record of what happened: never changed, deleted or truncated. */
const APPEND_ONLY = ["audit_log", "published_results", "result_rows", "journal_entries", "journal_lines", "bank_statements", "statement_lines", "tax_deposits", "gateway_payments", "gateway_events", "gateway_settlement_reports", "gateway_settlement_lines"];

const LOCK_TRIES = 40;

/**
 * The constraint named by the refusal of a statement, run as the schema's owner (the app's own
 * login holds no TRUNCATE at all) in a transaction that is always rolled back.
 */
async function refusedConstraint(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  for (let tries = 1; ; tries++) {
    const outcome = await asOwner(async (tx) => {
      // TRUNCATE waits for the whole table, and everything after it waits behind it: other test
      // files hold their locks for seconds (the start line's tests hold attempts in share mode), so
      // it never waits long, and asks again. With CASCADE it locks the referring tables one by one
      // (quizzes, then quiz_questions), so another file's insert into quiz_questions, waiting on
      // quizzes for its foreign key, can deadlock with it. It gives up within half a second, before
      // PostgreSQL's deadlock check (after 1 s of waiting) could end that insert in its place: with
      // 2 s, the check ended another file's test (tests/api/exam.test.ts, on the PostgreSQL server).
      await tx.execute(sql`set local lock_timeout = '500ms'`);
      await tx.execute(statement);
      tx.rollback();
    }).then(
      () => "accepted",
      (error: unknown) => error,
    );
    const blocked = [PostgresError.lockNotAvailable, PostgresError.deadlockDetected].some((code) => postgresErrorCode(outcome) === code);
    if (blocked && tries < LOCK_TRIES) continue;
    expect(outcome, `the database accepted: ${JSON.stringify(statement)}`).not.toBe("accepted");
    if (outcome instanceof Error && outcome.message === "Rollback") return "accepted (rolled back)";
    return violatedConstraint(outcome);
  }
}

describe("append-only tables", () => {
  it("each have triggers refusing UPDATE, DELETE and TRUNCATE", async () => {
    const db = await getDb();
    const triggers = await db.execute<{ table: string; row_events: string[] | null; truncate: boolean }>(sql`
      select c.relname as table,
        array_agg(distinct e.event order by e.event) filter (where t.tgtype & 1 = 1) as row_events,
        bool_or(t.tgtype & 32 = 32) as truncate
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      left join lateral (values ('UPDATE', 16), ('DELETE', 8)) as e(event, bit) on t.tgtype & e.bit = e.bit
      where p.proname = 'refuse_change_to_append_only_row' and t.tgenabled = 'O'
      group by c.relname`);
    const byTable = new Map(triggers.rows.map((row) => [row.table, row]));
    for (const table of APPEND_ONLY) {
      expect(byTable.get(table)?.row_events, `${table}: UPDATE and DELETE`).toEqual(["DELETE", "UPDATE"]);
      expect(byTable.get(table)?.truncate, `${table}: TRUNCATE`).toBe(true);
    }
  });

  it.each(APPEND_ONLY)("refuse the app's own login any UPDATE, DELETE or TRUNCATE of %s: it holds no such privilege", async (table) => {
    const db = await getDb();
    const [{ column }] = (await db.execute<{ column: string }>(sql`select column_name as column from information_schema.columns where table_schema = 'public' and table_name = ${table} limit 1`)).rows;
    for (const statement of [
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} where false`,
      sql`delete from ${sql.identifier(table)} where false`,
      sql`truncate ${sql.identifier(table)}`,
    ]) {
      const refused = await db.execute(statement).then(() => "accepted", (error: unknown) => postgresErrorCode(error));
      expect(refused, JSON.stringify(statement)).toBe(PostgresError.insufficientPrivilege);
    }
  });

  it.each(APPEND_ONLY)("refuse TRUNCATE of %s, with CASCADE too", async (table) => {
    expect(await refusedConstraint(sql`truncate ${sql.identifier(table)} cascade`)).toMatch(/_append_only$/);
  });

  it("are not wiped by a TRUNCATE ... CASCADE of a table they refer to", async () => {
    expect(await refusedConstraint(sql`truncate published_results, result_rows cascade`)).toMatch(/^(published_results|result_rows)_append_only$/);
    expect(await refusedConstraint(sql`truncate quizzes cascade`)).toMatch(/_(append_only|frozen_at_submission)$/);
  }, 60_000);
});

async function submittedAttempt() {
  const { quiz, questionIds } = await closedQuizWithQuestions(3);
  const user = await participant();
  const attempt = await answeredAttempt(quiz.id, questionIds, user.id, 2, 300);
  return { quiz, questionIds, attempt };
}

/** An attempt started a minute ago, with a minute left. */
async function runningAttempt(quizId: string) {
  const user = await participant();
  const db = await getDb();
  const [attempt] = await db
    .insert(attempts)
    .values({ quizId, participantId: user.id, shuffleSeed: 1, startedAt: new Date(Date.now() - 60_000), deadlineAt: new Date(Date.now() + 60_000), timeLeftSeconds: 60 })
    .returning();
  return attempt;
}

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "the database accepted a change to a submitted attempt").toBeDefined();
  return violatedConstraint(error);
}

describe("a submitted attempt's inputs", () => {
  it("refuse changed, added or removed answers", async () => {
    const { questionIds, attempt } = await submittedAttempt();
    const db = await getDb();
    const mine = eq(attemptAnswers.attemptId, attempt.id);
    expect(await refusal(db.update(attemptAnswers).set({ selectedOptionIndex: 2 }).where(mine))).toBe("attempt_answers_frozen_at_submission");
    expect(await refusal(db.delete(attemptAnswers).where(mine))).toBe("attempt_answers_frozen_at_submission");
    const extra = await closedQuizWithQuestions(1);
    expect(
      await refusal(db.insert(attemptAnswers).values({ attemptId: attempt.id, questionId: extra.questionIds[0], selectedOptionIndex: 2, answeredAt: new Date() })),
    ).toBe("attempt_answers_frozen_at_submission");
    const answers = await db.select().from(attemptAnswers).where(mine);
    expect(answers.map((answer) => answer.selectedOptionIndex).sort()).toEqual([0, 2, 2]);
    expect(answers).toHaveLength(questionIds.length);
  });

  it("refuse an answer moved into or out of the attempt, and a statement that changes a running attempt's answers too", async () => {
    const { quiz, questionIds, attempt } = await submittedAttempt();
    const db = await getDb();
    const running = await runningAttempt(quiz.id);
    const extra = await closedQuizWithQuestions(1);
    await db.insert(attemptAnswers).values({ attemptId: running.id, questionId: extra.questionIds[0], selectedOptionIndex: 1, answeredAt: running.startedAt });
    const moved = (from: string, to: string, questionId: string) =>
      db.update(attemptAnswers).set({ attemptId: to }).where(and(eq(attemptAnswers.attemptId, from), eq(attemptAnswers.questionId, questionId)));
    expect(await refusal(moved(running.id, attempt.id, extra.questionIds[0]))).toBe("attempt_answers_frozen_at_submission");
    expect(await refusal(moved(attempt.id, running.id, questionIds[0]))).toBe("attempt_answers_frozen_at_submission");
    const both = inArray(attemptAnswers.attemptId, [running.id, attempt.id]);
    expect(await refusal(db.update(attemptAnswers).set({ selectedOptionIndex: 3 }).where(both))).toBe("attempt_answers_frozen_at_submission");
    expect(await refusal(db.delete(attemptAnswers).where(both))).toBe("attempt_answers_frozen_at_submission");
    const answers = await db.select().from(attemptAnswers).where(both);
    expect(answers.map((answer) => [answer.attemptId, answer.selectedOptionIndex])).toEqual(
      expect.arrayContaining([[running.id, 1], [attempt.id, 2], [attempt.id, 2], [attempt.id, 0]]),
    );
    expect(answers).toHaveLength(questionIds.length + 1);
  });

  it("refuse changed times, a changed score outside rescoring, and deletion", async () => {
    const { attempt } = await submittedAttempt();
    const db = await getDb();
    const mine = eq(attempts.id, attempt.id);
    const edits = [
      { timeTakenSeconds: 5 },
      { startedAt: new Date(attempt.startedAt.getTime() + 60_000) },
      { submittedAt: new Date(attempt.submittedAt!.getTime() - 60_000) },
      { submittedAt: null },
      { deadlineAt: new Date(attempt.deadlineAt.getTime() + 60_000) },
      { extraSeconds: 600 },
      { shuffleSeed: 2 },
      { score: 5 },
    ];
    for (const edit of edits) expect(await refusal(db.update(attempts).set(edit).where(mine)), JSON.stringify(edit)).toBe("attempts_frozen_at_submission");
    expect(await refusal(db.delete(attempts).where(mine))).toBe("attempts_frozen_at_submission");
    const [stored] = await db.select().from(attempts).where(mine);
    expect(stored).toEqual(attempt);
  });

  it("still take a disqualification and its reversal, and a score from rescoring", async () => {
    const { attempt } = await submittedAttempt();
    const db = await getDb();
    const mine = eq(attempts.id, attempt.id);
    await db.update(attempts).set({ disqualifiedAt: new Date(), disqualificationReason: "Phone in the recording." }).where(mine);
    await db.update(attempts).set({ disqualifiedAt: null, disqualificationReason: null }).where(mine);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('olympiad.rescoring', 'on', true)`);
      await tx.update(attempts).set({ score: 3 }).where(mine);
    });
    // The permission ends with the rescoring's transaction.
    expect(await refusal(db.update(attempts).set({ score: 4 }).where(mine))).toBe("attempts_frozen_at_submission");
    const [stored] = await db.select().from(attempts).where(mine);
    expect(stored).toMatchObject({ score: 3, disqualifiedAt: null, timeTakenSeconds: 300 });
  });

  it("refuse TRUNCATE of the attempts or their answers", async () => {
    await submittedAttempt();
    expect(await refusedConstraint(sql`truncate attempt_answers`)).toBe("attempt_answers_frozen_at_submission");
    expect(await refusedConstraint(sql`truncate attempts cascade`)).toMatch(/^attempts?(_answers)?_frozen_at_submission$/);
  }, 60_000);

  it("are open until submission", async () => {
    const { quiz, questionIds } = await closedQuizWithQuestions(1);
    const db = await getDb();
    const attempt = await runningAttempt(quiz.id);
    await db.insert(attemptAnswers).values({ attemptId: attempt.id, questionId: questionIds[0], selectedOptionIndex: 1, answeredAt: attempt.startedAt });
    await db.update(attemptAnswers).set({ selectedOptionIndex: 2 }).where(eq(attemptAnswers.attemptId, attempt.id));
    await db.update(attempts).set({ deadlineAt: new Date(Date.now() + 120_000), extraSeconds: 60 }).where(eq(attempts.id, attempt.id));
    await db.update(attempts).set({ submittedAt: new Date(), score: 1, timeTakenSeconds: 60 }).where(eq(attempts.id, attempt.id));
    expect(await refusal(db.update(attemptAnswers).set({ selectedOptionIndex: 0 }).where(eq(attemptAnswers.attemptId, attempt.id)))).toBe(
      "attempt_answers_frozen_at_submission",
    );
  });
});

describe("the frozen rule on a running attempt's saves", () => {
  // Answer saves are the bulk of exam day's writes: the rule must not cost them more than a
  // look at their attempt per answer written, and an attempt's progress and submission nothing.
  it("runs once per answer written, and never for the attempt itself", async () => {
    const { quiz, questionIds } = await closedQuizWithQuestions(10);
    const attempt = await runningAttempt(quiz.id);
    // Counting function calls (track_functions) is a superuser's setting: the server's superuser, on this run's database.
    const superuser = new URL(inject("adminDatabaseUrl"));
    superuser.pathname = new URL(inject("databaseUrl")).pathname;
    const calls = await asOwner(async (tx) => {
      await tx.execute(sql`set local track_functions = 'pl'`);
      const save = (answeredAt: Date) =>
        tx
          .insert(attemptAnswers)
          .values(questionIds.map((questionId) => ({ attemptId: attempt.id, questionId, selectedOptionIndex: 1, answeredAt })))
          .onConflictDoUpdate({ target: [attemptAnswers.attemptId, attemptAnswers.questionId], set: { selectedOptionIndex: sql`excluded.selected_option_index`, answeredAt: sql`excluded.answered_at` } });
      await tx.update(attempts).set({ currentQuestionIndex: 9, timeLeftSeconds: 50 }).where(eq(attempts.id, attempt.id));
      await save(new Date(Date.now() - 2_000));
      // A reconnect replaying the same questions with newer choices.
      await save(new Date(Date.now() - 1_000));
      await tx.update(attempts).set({ submittedAt: new Date(), score: 0, timeTakenSeconds: 60 }).where(eq(attempts.id, attempt.id));
      const counted = await tx.execute<{ funcname: string; calls: number }>(sql`
        select funcname, calls::int from pg_stat_xact_user_functions
        where funcname in ('refuse_change_to_submitted_attempt', 'refuse_change_to_submitted_answer')`);
      return counted.rows;
    }, superuser.toString());
    expect(calls).toEqual([{ funcname: "refuse_change_to_submitted_answer", calls: 2 * questionIds.length }]);
  });
});
