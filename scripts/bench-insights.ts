/**
 * The admin Overview's queries on a large database: seeds --attempts submitted attempts (default
 * 100,000) of one finished 25-question quiz (the worst case for the item analysis: 2.5 million
 * answers in one quiz), as many participants and verified entry fees, pending payments and three
 * upcoming quizzes, then prints each query's timing (median of --runs warm runs) and a summary of
 * its EXPLAIN ANALYZE plan: execution time, and each scan with its index and rows.
 * Uses a scratch database on TEST_POSTGRES_URL's server (default the machine's PostgreSQL) and drops it.
 *
 *   npm run bench:insights -- [--attempts 100000] [--runs 5] [--plans full] [--keep]
 *
 * `--keep` leaves the scratch database in place (its name is printed) to try a query by hand.
 */
import { randomBytes } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { undoAll, undoLater } from "./support/clean-up";

const { values: args } = parseArgs({ options: { attempts: { type: "string", default: "100000" }, runs: { type: "string", default: "5" }, plans: { type: "string", default: "summary" }, keep: { type: "boolean", default: false } } });
const ATTEMPTS = Number(args.attempts);
const RUNS = Number(args.runs);
const QUESTIONS = 25;

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const scratch = `olympiad_bench_${randomBytes(6).toString("hex")}`;

/** Runs one statement on the server's maintenance database (create and drop the scratch one). */
async function onServer(statement: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await onServer(`create database ${scratch}`);
undoLater(() => (args.keep ? console.log(`\nkept the scratch database ${scratch}; drop it when done`) : onServer(`drop database if exists ${scratch} with (force)`)));
// Before anything imports lib/config, which reads the environment once: without DATABASE_URL the
// app would start its embedded database and seed that instead.
const url = new URL(adminUrl);
url.pathname = `/${scratch}`;
process.env.DATABASE_URL = url.toString();

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Actual Total Time": number;
  "Workers Launched"?: number;
  Plans?: PlanNode[];
}

/** Every scan and the costliest operations of a plan, one line each, indented by depth. */
function summarise(node: PlanNode, depth = 0): string[] {
  const scan = node["Relation Name"] ? ` on ${node["Relation Name"]}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""}` : "";
  const workers = node["Workers Launched"] ? `, ${node["Workers Launched"]} workers` : "";
  const line = `${"  ".repeat(depth)}${node["Node Type"]}${scan} (rows ${node["Actual Rows"]} × ${node["Actual Loops"]} loops, ${node["Actual Total Time"].toFixed(1)} ms${workers})`;
  return [line, ...(node.Plans ?? []).flatMap((child) => summarise(child, depth + 1))];
}

try {
  const { closeDatabase, getDb, takeOverShutdownSignals } = await import("@/lib/db");
  // Interrupted, the scratch database is dropped (./support/clean-up.ts) rather than the process ended at once.
  takeOverShutdownSignals();
  const { sql } = await import("drizzle-orm");
  const { insightQueries } = await import("@/lib/insights");
  const db = await getDb();
  const seeding = performance.now();
  const DAY = "interval '1 day'";
  await db.execute(sql`
    insert into users (name, email, referral_code, created_at)
    select 'Taker ' || n, 'taker-' || n || '@example.test', 'T' || lpad(n::text, 9, '0'), now() - (random() * 60) * ${sql.raw(DAY)}
    from generate_series(1, ${ATTEMPTS}) n`);
  await db.execute(sql`
    insert into questions (text, subject, options, correct_option_index)
    select 'Bench question ' || n, 'Mathematics', array['A', 'B', 'C', 'D'], n % 4 from generate_series(1, ${QUESTIONS}) n`);
  const [finished] = (
    await db.execute<{ id: string }>(sql`
      insert into quizzes (title, name, contest_model, question_count, capacity, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
      values ('Bench Olympiad', 'bench', 'paid_cash', ${QUESTIONS}, ${ATTEMPTS}, now() - 40 * ${sql.raw(DAY)}, now() - 3 * ${sql.raw(DAY)}, now() - 2 * ${sql.raw(DAY)}, now() - 1 * ${sql.raw(DAY)}, now() + 2 * ${sql.raw(DAY)})
      returning id`)
  ).rows;
  await db.execute(sql`
    insert into quizzes (title, name, contest_model, question_count, capacity, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
    select 'Upcoming ' || n, 'upcoming-' || n, 'paid_cash', ${QUESTIONS}, 20000, now() - 10 * ${sql.raw(DAY)}, now() + n * ${sql.raw(DAY)}, now() + (n + 1) * ${sql.raw(DAY)}, now() + (n + 2) * ${sql.raw(DAY)}, now() + (n + 3) * ${sql.raw(DAY)}
    from generate_series(1, 3) n`);
  await db.execute(sql`insert into quiz_questions (quiz_id, question_id, position) select ${finished.id}, id, row_number() over (order by text) - 1 from questions`);
  // Each taker has an ability; a stronger taker more often chooses the key, so the index discriminates.
  await db.execute(sql`
    insert into attempts (quiz_id, participant_id, shuffle_seed, started_at, deadline_at, time_left_seconds)
    select ${finished.id}, id, 1, now() - 26 * interval '1 hour', now() - 25 * interval '1 hour', 0
    from users where email like 'taker-%'`);
  await db.execute(sql`
    insert into attempt_answers (attempt_id, question_id, selected_option_index, answered_at)
    select a.id, q.id,
           case when random() < 0.25 + 0.7 * ability then q.correct_option_index else ((q.correct_option_index + 1 + floor(random() * 3)::int) % 4) end,
           a.started_at + interval '1 minute'
    from (select id, started_at, random() as ability from attempts) a cross join questions q
    where random() < 0.92`);
  // Submitted after their answers: a submitted attempt's answers and times are frozen (migration 0023).
  await db.execute(sql`
    update attempts a set score = coalesce(s.correct, 0), submitted_at = a.deadline_at - (random() * 1800) * interval '1 second', time_taken_seconds = 1800
    from attempts b left join (
      select aa.attempt_id, count(*) filter (where aa.selected_option_index = q.correct_option_index)::int as correct
      from attempt_answers aa join questions q on q.id = aa.question_id group by aa.attempt_id
    ) s on s.attempt_id = b.id where b.id = a.id`);
  await db.execute(sql`
    insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason, created_at, reviewed_at)
    select participant_id, quiz_id, 'form pay', 'upi', 'verified', 50000, 'entry fee', t, t + random() * ${sql.raw(DAY)}
    from (select participant_id, quiz_id, now() - (3 + random() * 37) * ${sql.raw(DAY)} as t from attempts) a`);
  // The upcoming quizzes: a fifth of the takers registered for each, some still waiting for review.
  await db.execute(sql`
    insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason, created_at, reviewed_at)
    select u.id, q.id, 'form pay', 'upi', s, 50000, 'entry fee', t, case when s = 'verified' then t + interval '3 hours' end
    from (select id, now() - random() * 10 * ${sql.raw(DAY)} as t, case when random() < 0.05 then 'pending'::transaction_status else 'verified'::transaction_status end as s from users where random() < 0.2) u
    cross join quizzes q
    where q.title like 'Upcoming %'`);
  await db.execute(sql`analyze`);
  const counts = (
    await db.execute<Record<string, number>>(sql`
      select (select count(*)::int from users) as users, (select count(*)::int from attempts) as attempts,
             (select count(*)::int from attempt_answers) as answers, (select count(*)::int from transactions) as transactions,
             (select count(*)::int from transactions where status = 'pending') as pending`)
  ).rows[0];
  console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${Object.entries(counts).map(([name, n]) => `${n.toLocaleString("en-IN")} ${name}`).join(", ")}`);

  const now = new Date();
  // The services run each query with JIT off (lib/insights/service.ts); timed both ways here.
  const timed = async (statement: SQL, jit: boolean) => {
    const timings: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const started = performance.now();
      rows = await db.transaction(async (tx) => {
        if (!jit) await tx.execute(sql`set local jit = off`);
        return (await tx.execute(statement)).rows.length;
      });
      // The first run warms the cache and is not counted.
      if (run > 0) timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    return { rows, median: timings[Math.floor(timings.length / 2)], max: timings.at(-1)! };
  };
  for (const [name, statement] of Object.entries(insightQueries(now, finished.id))) {
    const off = await timed(statement, false);
    const on = await timed(statement, true);
    const explain = await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return (await tx.execute<{ "QUERY PLAN": [{ Plan: PlanNode; "Planning Time": number; "Execution Time": number }] }>(sql`explain (analyze, buffers, format json) ${statement}`)).rows[0]["QUERY PLAN"][0];
    });
    console.log(
      `\n${name}: median ${off.median.toFixed(1)} ms, max ${off.max.toFixed(1)} ms over ${RUNS} runs, ${off.rows} rows (with JIT on: median ${on.median.toFixed(1)} ms); ` +
        `EXPLAIN ANALYZE execution ${explain["Execution Time"].toFixed(1)} ms, planning ${explain["Planning Time"].toFixed(1)} ms`,
    );
    const lines = summarise(explain.Plan);
    const shown = args.plans === "full" ? lines : lines.filter((line) => /Scan|Aggregate|Sort|Join|Nested|WindowAgg|Gather/.test(line));
    for (const line of shown) console.log(`  ${line}`);
  }
  await closeDatabase();
} finally {
  await undoAll();
}
