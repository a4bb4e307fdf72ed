import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase, getDb, PostgresError, postgresErrorCode, violatedConstraint, type DatabaseTransaction } from "@/lib/db";
import { asOwner } from "../support/owner";
import { answeredAttempt, closedQuizWithQuestions } from "../support/results";
import { createQuiz } from "../support/factories";
import { participant } from "../support/users";

/**
 * Issue 52: a temporary table named like one a trigger reads (attempts, journal_lines, …) was found
 * before the real one, and the trigger let the change it guards through. Every function of the
 * schema now runs with a fixed search path, pg_temp last, and the app's login may not create a
 * temporary table at all. The triggers are read from the catalogue, so one added later is held
 * to the same: a trigger whose functions read a table needs a scenario below, proving that with
 * every table of the schema shadowed by an empty temporary one it still protects the real table.
 */
afterAll(closeDatabase);

const FIXED_SEARCH_PATH = "search_path=pg_catalog, public, pg_temp";

interface Trigger {
  trigger: string;
  table: string;
  /** The function it runs and every function of the schema that one calls, named in their source. */
  functions: string[];
  /** The tables those functions name. */
  reads: string[];
}

/** Functions of the schema with their source and settings (extension members excluded: the extension owns those). */
async function schemaFunctions() {
  const db = await getDb();
  const { rows } = await db.execute<{ name: string; signature: string; source: string; config: string[] | null }>(sql`
    select p.proname as name, p.oid::regprocedure::text as signature, p.prosrc as source, p.proconfig as config
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
  return rows;
}

async function schemaTables(): Promise<string[]> {
  const db = await getDb();
  const { rows } = await db.execute<{ name: string }>(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  return rows.map((row) => row.name);
}

const mentions = (source: string, name: string) => new RegExp(`\\b${name}\\b`).test(source);

/** Every user trigger on the schema's tables, with what its functions read. */
async function schemaTriggers(): Promise<Trigger[]> {
  const db = await getDb();
  const functions = await schemaFunctions();
  const tables = await schemaTables();
  const { rows } = await db.execute<{ trigger: string; table: string; function: string }>(sql`
    select t.tgname as trigger, c.relname as table, p.proname as function
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
     where n.nspname = 'public' and not t.tgisinternal
     order by 1`);
  return rows.map((row) => {
    const called = new Set([row.function]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const candidate of functions) {
        if (called.has(candidate.name)) continue;
        if (functions.some((f) => called.has(f.name) && mentions(f.source, candidate.name))) {
          called.add(candidate.name);
          grew = true;
        }
      }
    }
    const sources = functions.filter((f) => called.has(f.name)).map((f) => f.source);
    return { trigger: row.trigger, table: row.table, functions: [...called].sort(), reads: tables.filter((table) => sources.some((source) => mentions(source, table))) };
  });
}

const triggers = await schemaTriggers();

/**
 * As the schema's owner (the app's login may create no temporary table), in a transaction that is
 * always rolled back: every table of the schema shadowed by an empty temporary one, then the work.
 * What the work returns, or the constraint its refusal names.
 */
async function withEveryTableShadowed<T>(work: (tx: DatabaseTransaction) => Promise<T>): Promise<T | { refused: string | undefined }> {
  const tables = await schemaTables();
  for (let tries = 1; ; tries++) {
    let outcome: T | undefined;
    const error = await asOwner(async (tx) => {
      // TRUNCATE waits for the whole table: other files hold their locks for seconds, so it asks again.
      // It gives up within half a second, before the deadlock check (after 1 s) could pick another
      // file's statement to end in its place: holding every table, this one must always yield.
      await tx.execute(sql`set local lock_timeout = '500ms'`);
      for (const table of tables) await tx.execute(sql.raw(`create temporary table ${table} (like public.${table}) on commit drop`));
      outcome = await work(tx);
      tx.rollback();
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const blocked = [PostgresError.lockNotAvailable, PostgresError.deadlockDetected].some((code) => postgresErrorCode(error) === code);
    if (blocked && tries < 40) continue;
    if (error instanceof Error && error.message === "Rollback") return outcome as T;
    return { refused: violatedConstraint(error) ?? String((error as { cause?: unknown }).cause ?? error) };
  }
}

async function submitted() {
  const { quiz, questionIds } = await closedQuizWithQuestions(2);
  const user = await participant();
  return answeredAttempt(quiz.id, questionIds, user.id, 1, 120);
}

const count = async (tx: DatabaseTransaction, query: SQL) => (await tx.execute<{ n: number }>(query)).rows[0].n;

/** A closed quiz and its winner, made before the shadowing transaction. */
async function quizAndWinner() {
  const { quiz } = await closedQuizWithQuestions(1);
  return { quizId: quiz.id, winnerId: (await participant()).id };
}

async function publishedQuizRow(tx: DatabaseTransaction, { quizId, winnerId }: { quizId: string; winnerId: string }) {
  await tx.execute(sql`insert into public.published_results (quiz_id, revision, answer_key, digest) values (${quizId}, 1, '[]', 'first')`);
  await tx.execute(sql`insert into public.result_rows (quiz_id, revision, participant_id, rank, score, time_taken_seconds, prize_paise) values (${quizId}, 1, ${winnerId}, 1, 1, 60, 50000)`);
  return { quizId, winnerId };
}

const prizeEntries = (tx: DatabaseTransaction, quizId: string, revision: number) =>
  count(tx, sql`select count(*)::int as n from public.journal_entries where quiz_id = ${quizId} and revision = ${revision}`);

interface Scenario<Fixture> {
  expected: unknown;
  /**
   * What the change needs, made on other connections before the shadowing transaction: that
   * transaction holds a lock on every table, and a write queued behind another file's waiting
   * ALTER or DROP TRIGGER would wait for it while it waits for the write.
   */
  prepare: () => Promise<Fixture>;
  run: (tx: DatabaseTransaction, fixture: Fixture) => Promise<unknown>;
}

const scenario = <Fixture>(definition: Scenario<Fixture>) => definition as Scenario<unknown>;
const nothing = async () => undefined;

/** Per trigger: the change it guards, made with every table shadowed; the result the real tables must show. */
const SCENARIOS: Record<string, Scenario<unknown>> = {
  attempt_answers_frozen_at_submission: scenario({
    expected: { refused: "attempt_answers_frozen_at_submission" },
    prepare: submitted,
    run: (tx, attempt) => tx.execute(sql`update public.attempt_answers set selected_option_index = 3 where attempt_id = ${attempt.id}`),
  }),
  attempts_frozen_at_submission: scenario({
    expected: { refused: "attempts_frozen_at_submission" },
    prepare: submitted,
    run: (tx, attempt) => tx.execute(sql`update public.attempts set time_taken_seconds = 1 where id = ${attempt.id}`),
  }),
  attempt_answers_no_truncate: scenario({
    expected: { refused: "attempt_answers_frozen_at_submission" },
    prepare: submitted,
    run: (tx) => tx.execute(sql`truncate public.attempt_answers`),
  }),
  attempts_no_truncate: scenario({
    expected: { refused: "attempts_frozen_at_submission" },
    prepare: submitted,
    run: (tx) => tx.execute(sql`truncate public.attempts cascade`),
  }),
  journal_entries_balance: scenario({
    expected: { refused: "journal_entries_balance" },
    prepare: nothing,
    run: async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`insert into public.journal_entries (source, memo, posted_at) values ('tax_deposit', 'minted', now()) returning id`);
      await tx.execute(sql`insert into public.journal_lines (entry_id, line, account, amount_paise) values (${rows[0].id}, 1, 'bank', 100000)`);
      return tx.execute(sql`set constraints journal_entries_balance immediate`);
    },
  }),
  transactions_post_journal_on_insert: scenario({
    expected: 1,
    prepare: participant,
    run: async (tx, user) => {
      const id = randomUUID();
      await tx.execute(sql`insert into public.transactions (id, user_id, type, status, amount_paise, reason, reviewed_at) values (${id}, ${user.id}, 'credit', 'verified', 10000, 'Wallet top-up', now())`);
      return count(tx, sql`select count(*)::int as n from public.journal_entries where transaction_id = ${id}`);
    },
  }),
  transactions_post_journal_on_verify: scenario({
    expected: 1,
    prepare: participant,
    run: async (tx, user) => {
      const id = randomUUID();
      await tx.execute(sql`insert into public.transactions (id, user_id, type, status, amount_paise, reason) values (${id}, ${user.id}, 'credit', 'pending', 10000, 'Wallet top-up')`);
      await tx.execute(sql`update public.transactions set status = 'verified', reviewed_at = now() where id = ${id}`);
      return count(tx, sql`select count(*)::int as n from public.journal_entries where transaction_id = ${id}`);
    },
  }),
  tax_deposits_post_journal: scenario({
    expected: 1,
    prepare: nothing,
    run: async (tx) => {
      const id = randomUUID();
      await tx.execute(sql`insert into public.tax_deposits (id, amount_paise, challan_reference, deposited_on, period) values (${id}, 100, ${`SHADOW${id}`}, '2026-10-01', 'FY2026-27 Q3')`);
      return count(tx, sql`select count(*)::int as n from public.journal_entries where tax_deposit_id = ${id}`);
    },
  }),
  gateway_settlement_lines_post_journal: scenario({
    expected: 1,
    prepare: nothing,
    run: async (tx) => {
      const [report, line] = [randomUUID(), randomUUID()];
      await tx.execute(sql`insert into public.gateway_settlement_reports (id, line_count) values (${report}, 1)`);
      await tx.execute(
        sql`insert into public.gateway_settlement_lines (id, report_id, line_number, entity_id, kind, amount_paise, fee_paise, tax_paise, settlement_id, settled_at, raw) values (${line}, ${report}, 1, ${`pay_SHADOW${line.slice(0, 8)}`}, 'payment', 10000, 236, 36, 'setl_SHADOW', now(), '')`,
      );
      return count(tx, sql`select count(*)::int as n from public.journal_entries where settlement_line_id = ${line}`);
    },
  }),
  questions_bump_quiz_version: scenario({
    expected: 1,
    prepare: () => closedQuizWithQuestions(1),
    run: async (tx, { quiz, questionIds }) => {
      const before = await count(tx, sql`select questions_version as n from public.quizzes where id = ${quiz.id}`);
      await tx.execute(sql`update public.questions set text = text || ' (edited)' where id = ${questionIds[0]}`);
      return (await count(tx, sql`select questions_version as n from public.quizzes where id = ${quiz.id}`)) - before;
    },
  }),
  quiz_questions_bump_quiz_version: scenario({
    expected: 1,
    prepare: () => closedQuizWithQuestions(2),
    run: async (tx, { quiz, questionIds }) => {
      const before = await count(tx, sql`select questions_version as n from public.quizzes where id = ${quiz.id}`);
      await tx.execute(sql`delete from public.quiz_questions where quiz_id = ${quiz.id} and question_id = ${questionIds[1]}`);
      return (await count(tx, sql`select questions_version as n from public.quizzes where id = ${quiz.id}`)) - before;
    },
  }),
  quiz_sections_bump_quiz_version: scenario({
    expected: 1,
    // Registration opens in the future: its sections may still change.
    prepare: async () => {
      const day = 86_400_000;
      const from = Date.now() + day;
      const at = (days: number) => new Date(from + days * day);
      return createQuiz(await getDb(), { formStartAt: at(0), formEndAt: at(1), examStartAt: at(2), examEndAt: at(3), resultAt: at(4) });
    },
    run: async (tx, quiz) => {
      const before = await count(tx, sql`select questions_version as n from public.quizzes where id = ${quiz.id}`);
      await tx.execute(sql`insert into public.quiz_sections (quiz_id, position, name, marks_correct) values (${quiz.id}, 0, 'A', 3)`);
      return (await count(tx, sql`select questions_version as n from public.quizzes where id = ${quiz.id}`)) - before;
    },
  }),
  // Registration opened long ago: a section or a question's own marks would change the scheme.
  quiz_sections_marking_fixed: scenario({
    expected: { refused: "quizzes_marking_fixed" },
    prepare: () => closedQuizWithQuestions(1),
    run: (tx, { quiz }) => tx.execute(sql`insert into public.quiz_sections (quiz_id, position, name, marks_correct) values (${quiz.id}, 0, 'A', 3)`),
  }),
  quiz_questions_marking_fixed: scenario({
    expected: { refused: "quizzes_marking_fixed" },
    prepare: () => closedQuizWithQuestions(1),
    run: (tx, { quiz }) => tx.execute(sql`update public.quiz_questions set marks_correct = 7 where quiz_id = ${quiz.id}`),
  }),
  // Revision 1 again: a chain check reading a shadow finds no version and leaves it to the primary key.
  published_results_chain: scenario({
    expected: { refused: "published_results_chain" },
    prepare: quizAndWinner,
    run: async (tx, fixture) => {
      const { quizId } = await publishedQuizRow(tx, fixture);
      return tx.execute(sql`insert into public.published_results (quiz_id, revision, answer_key, digest) values (${quizId}, 1, '[]', 'again')`);
    },
  }),
  result_rows_post_journal: scenario({
    expected: 1,
    prepare: quizAndWinner,
    run: async (tx, fixture) => prizeEntries(tx, (await publishedQuizRow(tx, fixture)).quizId, 1),
  }),
  published_results_post_journal: scenario({
    expected: 1,
    prepare: quizAndWinner,
    run: async (tx, fixture) => {
      const { quizId, winnerId } = await publishedQuizRow(tx, fixture);
      await tx.execute(sql`insert into public.published_results (quiz_id, revision, answer_key, digest, digest_format, results_file, previous_digest, reason) values (${quizId}, 2, '[]', 'second', 2, '{}', 'first', 'a shadowed revision')`);
      await tx.execute(sql`insert into public.result_rows (quiz_id, revision, participant_id, rank, score, time_taken_seconds, prize_paise) values (${quizId}, 2, ${winnerId}, 1, 1, 60, 100000)`);
      await tx.execute(sql`set constraints published_results_post_journal immediate`);
      return prizeEntries(tx, quizId, 2);
    },
  }),
};

describe("the app's own database login", () => {
  it("may not create a temporary table: TEMP on the database is not its own nor PUBLIC's", async () => {
    const db = await getDb();
    const { rows } = await db.execute<{ temporary: boolean; publicTemporary: boolean }>(sql`
      select has_database_privilege(current_user, current_database(), 'TEMP') as temporary,
             exists (select from pg_database d, aclexplode(coalesce(d.datacl, acldefault('d', d.datdba))) a
                      where d.datname = current_database() and a.grantee = 0 and a.privilege_type = 'TEMPORARY') as "publicTemporary"`);
    expect(rows).toEqual([{ temporary: false, publicTemporary: false }]);
    const refused = await db.execute(sql`create temporary table attempts (id uuid, submitted_at timestamptz)`).then(
      () => "accepted",
      (error: unknown) => postgresErrorCode(error),
    );
    expect(refused).toBe(PostgresError.insufficientPrivilege);
  });
});

describe("every function of the schema", () => {
  it("runs with the fixed search path, the temporary schema last", async () => {
    const functions = await schemaFunctions();
    expect(functions.length).toBeGreaterThan(15);
    const unfixed = functions.filter((f) => !(f.config ?? []).includes(FIXED_SEARCH_PATH)).map((f) => f.signature);
    expect(unfixed).toEqual([]);
  });
});

describe("with every table shadowed by a temporary one", () => {
  it("the catalogue lists the triggers the review shadowed", () => {
    const names = triggers.map((t) => t.trigger);
    expect(names).toEqual(expect.arrayContaining(["attempt_answers_frozen_at_submission", "journal_entries_balance", "transactions_post_journal_on_verify"]));
  });

  // A trigger whose functions read no table has nothing to shadow (its search path is checked above).
  const guarding = triggers.filter((trigger) => trigger.reads.length > 0);

  it.each(guarding.map((t) => [t.trigger, t] as const))("%s still guards the real table", async (name, trigger) => {
    const scenario = SCENARIOS[name];
    expect(scenario, `${name} on ${trigger.table} reads ${trigger.reads.join(", ")} (through ${trigger.functions.join(", ")}): add its scenario`).toBeDefined();
    const fixture = await scenario.prepare();
    expect(await withEveryTableShadowed((tx) => scenario.run(tx, fixture))).toEqual(scenario.expected);
  });
});
