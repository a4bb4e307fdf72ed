/**
 * Exam-day load: N participants (default 1000) log in, start, autosave 25 answers and submit
 * over HTTP against a production build, then the database is checked for every answer and
 * score. Prints throughput and p50/p95/p99 per step.
 *
 *   npm run bench:exam -- [--participants 1000] [--database embedded|postgres] [--concurrency 200]
 *
 * Needs `next build` first. With --database postgres it uses a fresh database on
 * TEST_POSTGRES_URL's server (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import { Client } from "pg";
import { createDatabase, dropDatabase, freePort, temporaryDirectory } from "../tests/support/test-server";
import { startProductionServer, stopServer } from "./support/production-server";

const { values: args } = parseArgs({
  options: {
    participants: { type: "string", default: "1000" },
    database: { type: "string", default: "embedded" },
    concurrency: { type: "string", default: "200" },
  },
});
const PARTICIPANTS = Number(args.participants);
const CONCURRENCY = Number(args.concurrency);
const QUESTIONS = 25;
const PASSWORD = "bench-password-1";
const PAID_QUIZ = "5eed0000-0000-4000-8001-000000000002";

interface Timing {
  step: string;
  ms: number;
  ok: boolean;
}
const timings: Timing[] = [];

async function timed(step: string, work: () => Promise<Response>): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await work();
    timings.push({ step, ms: performance.now() - started, ok: response.ok });
    return response;
  } catch {
    timings.push({ step, ms: performance.now() - started, ok: false });
    return null;
  }
}

/** Runs `task` for every item with at most `limit` in flight. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function prepare(databaseUrl: string) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const passwordHash = await hash(PASSWORD);
  const now = Date.now();
  // The seeded paid quiz, moved so its exam window is open now.
  await db.query(
    `update quizzes set form_start_at = $1, form_end_at = $2, exam_start_at = $2, exam_end_at = $3, result_at = $3, capacity = null where id = $4`,
    [new Date(now - 7_200_000), new Date(now - 3_600_000), new Date(now + 7_200_000), PAID_QUIZ],
  );
  const emails = Array.from({ length: PARTICIPANTS }, (_, index) => `bench-${index}-${randomBytes(3).toString("hex")}@example.test`);
  await db.query(
    `insert into users (name, email, password_hash, referral_code, date_of_birth)
     select 'Bench ' || n, e, $2, upper(substr(md5(e), 1, 10)), '1990-01-01' from unnest($1::text[]) with ordinality as t(e, n)`,
    [emails, passwordHash],
  );
  await db.query(
    `insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason)
     select id, $1, 'form pay', 'upi', 'verified', 50000, 'bench' from users where email = any($2::text[])`,
    [PAID_QUIZ, emails],
  );
  await db.end();
  return emails;
}

async function verify(databaseUrl: string) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(`
    select count(*)::int as attempts,
           count(*) filter (where submitted_at is not null)::int as submitted,
           (select count(*)::int from attempt_answers aa join attempts a2 on a2.id = aa.attempt_id where a2.quiz_id = $1) as answers,
           count(*) filter (where score is distinct from (
             select count(*) from attempt_answers aa join questions q on q.id = aa.question_id
             where aa.attempt_id = a.id and aa.selected_option_index = q.correct_option_index))::int as wrong_scores
    from attempts a where a.quiz_id = $1`, [PAID_QUIZ]);
  await db.end();
  return rows[0] as { attempts: number; submitted: number; answers: number; wrong_scores: number };
}

async function run() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const cleanups: (() => Promise<unknown>)[] = [];
  let databaseUrl: string;
  const env: Record<string, string> = { NEXTAUTH_URL: base, NEXT_TELEMETRY_DISABLED: "1", DATABASE_POOL_MAX: "20" };
  if (args.database === "postgres") {
    const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
    const database = await createDatabase(adminUrl);
    databaseUrl = database.url;
    env.DATABASE_URL = databaseUrl;
    env.DATA_DIR = await temporaryDirectory("olympiad-bench-");
    cleanups.push(() => dropDatabase(adminUrl, database.name));
  } else {
    env.DATA_DIR = await temporaryDirectory("olympiad-bench-");
    env.EMBEDDED_DATABASE_PORT = String(await freePort());
    databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${env.EMBEDDED_DATABASE_PORT}/olympiad`;
  }
  cleanups.push(() => rm(env.DATA_DIR, { recursive: true, force: true }));
  const server = await startProductionServer(env, port);
  try {
    const emails = await prepare(databaseUrl);
    console.log(`${PARTICIPANTS} participants, ${QUESTIONS} answers each, ${CONCURRENCY} in flight, ${args.database} PostgreSQL`);
    const cookies = new Map<string, string>();
    const phases: { step: string; wallMs: number }[] = [];
    const phase = async (step: string, task: (email: string) => Promise<void>) => {
      const started = performance.now();
      await pool(emails, CONCURRENCY, task);
      phases.push({ step, wallMs: performance.now() - started });
    };

    await phase("login", async (email) => {
      const response = await timed("login", () => fetch(`${base}/api/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) }));
      const cookie = response?.headers.get("set-cookie")?.split(";")[0];
      if (cookie) cookies.set(email, cookie);
    });
    const questionsOf = new Map<string, string[]>();
    await phase("start", async (email) => {
      const response = await timed("start", () => fetch(`${base}/api/exam/${PAID_QUIZ}/start`, { method: "POST", headers: { cookie: cookies.get(email) ?? "" } }));
      if (response?.ok) questionsOf.set(email, ((await response.json()) as { questions: { id: string }[] }).questions.map((question) => question.id));
    });
    await phase("answer", async (email) => {
      for (const [index, questionId] of (questionsOf.get(email) ?? []).entries()) {
        await timed("answer", () =>
          fetch(`${base}/api/exam/${PAID_QUIZ}/answers`, {
            method: "PUT",
            headers: { cookie: cookies.get(email) ?? "", "content-type": "application/json" },
            body: JSON.stringify({ questionId, selectedOptionIndex: (index + email.length) % 4, answeredAt: new Date().toISOString(), currentQuestionIndex: index, timeLeftSeconds: 1700 - index }),
          }),
        );
      }
    });
    await phase("submit", async (email) => {
      await timed("submit", () => fetch(`${base}/api/exam/${PAID_QUIZ}/submit`, { method: "POST", headers: { cookie: cookies.get(email) ?? "" } }));
    });

    console.log("step     requests  errors  wall(s)  req/s    p50(ms)  p95(ms)  p99(ms)");
    for (const { step, wallMs } of phases) {
      const samples = timings.filter((timing) => timing.step === step);
      const sorted = samples.map((timing) => timing.ms).sort((a, b) => a - b);
      const errors = samples.filter((timing) => !timing.ok).length;
      console.log(
        [step.padEnd(8), String(samples.length).padStart(8), String(errors).padStart(7), (wallMs / 1000).toFixed(2).padStart(8), (samples.length / (wallMs / 1000)).toFixed(0).padStart(6),
          ...[50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8))].join(" "),
      );
    }
    const stored = await verify(databaseUrl);
    const lost = PARTICIPANTS * QUESTIONS - stored.answers;
    console.log(`database: ${stored.attempts} attempts, ${stored.submitted} submitted, ${stored.answers} answers stored (${lost} lost), ${stored.wrong_scores} scores that disagree with the answers`);
    const errors = timings.filter((timing) => !timing.ok).length;
    if (errors > 0 || lost !== 0 || stored.wrong_scores !== 0 || stored.submitted !== PARTICIPANTS) process.exitCode = 1;
  } finally {
    await stopServer(server);
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await run();
