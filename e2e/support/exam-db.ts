import { randomBytes, randomInt } from "node:crypto";
import { Client } from "pg";

/** The e2e server's embedded database (playwright.config.ts starts it on this port). */
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_DATABASE_PORT ?? 54339}/olympiad`;
/** The seeded paid quiz, whose 25 questions the test quizzes borrow. */
export const SEEDED_PAID_QUIZ = "5eed0000-0000-4000-8001-000000000002";

/** A connection to the database at `url` for the length of `work`. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  return withClient(DATABASE_URL, work);
}

/** When a test quiz's dates fall, as PostgreSQL intervals from now ("-1 day", "2 hours"). */
export interface QuizSchedule {
  formStart: string;
  formEnd: string;
  examStart: string;
  examEnd: string;
  result: string;
}

/** A test quiz as created: its id, its own title and when its exam starts. */
interface TestQuiz {
  id: string;
  title: string;
  examStartAt: Date;
}

/**
 * `count` 30-minute shuffled quizzes on `schedule`, in one statement, titled `titlePrefix`, a
 * random tag and their number (the only one: no number), with `posterUrls` for the card's carousel.
 */
export function insertQuizzes(
  client: Client,
  count: number,
  schedule: QuizSchedule,
  titlePrefix: string,
  { marksPerQuestion = 1, wrongAnswerMarks = 0, posterUrls = [] as string[] } = {},
): Promise<TestQuiz[]> {
  const titles = Array.from({ length: count }, (_, index) => `${titlePrefix} ${randomBytes(4).toString("hex")}${count > 1 ? ` ${index + 1}` : ""}`);
  return client
    .query<{ id: string; title: string; exam_start_at: Date }>(
      `insert into quizzes (title, name, contest_model, duration_seconds, shuffle_questions, poster_urls, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at, marks_per_question, wrong_answer_marks)
       select title, title, 'paid_cash', 1800, true, $9::text[], now() + $2::interval, now() + $3::interval, now() + $4::interval, now() + $5::interval, now() + $6::interval, $7, $8
       from unnest($1::text[]) as title
       returning id, title, exam_start_at`,
      [titles, schedule.formStart, schedule.formEnd, schedule.examStart, schedule.examEnd, schedule.result, marksPerQuestion, wrongAnswerMarks, posterUrls],
    )
    .then(({ rows }) => rows.map((row) => ({ id: row.id, title: row.title, examStartAt: row.exam_start_at })));
}

/**
 * A 30-minute shuffled quiz on `schedule`, with the seeded paid quiz's 25 questions. Each test
 * gets its own, with its own title, so other tests' cards and lists are undisturbed.
 */
export function createQuiz(
  schedule: QuizSchedule,
  titlePrefix = "Exam e2e",
  marking = { marksPerQuestion: 1, wrongAnswerMarks: 0 },
): Promise<TestQuiz> {
  return withDatabase(async (client) => {
    const [quiz] = await insertQuizzes(client, 1, schedule, titlePrefix, marking);
    await client.query(
      `insert into quiz_questions (quiz_id, question_id, position)
       select $1::uuid, question_id, position from quiz_questions where quiz_id = $2::uuid`,
      [quiz.id, SEEDED_PAID_QUIZ],
    );
    return quiz;
  });
}

/** The posters the admin panel gives every new quiz: its card shows them as a carousel. */
const ADMIN_POSTERS = ["/posters/poster-1.svg", "/posters/poster-2.svg"];

/**
 * Many quizzes on `schedule` at once, with posters and no questions: for journeys about a long
 * dashboard, which take them away again with removeQuizzes (no one pays or answers them).
 */
export function createQuizzes(count: number, schedule: QuizSchedule, titlePrefix: string): Promise<TestQuiz[]> {
  return withDatabase((client) => insertQuizzes(client, count, schedule, titlePrefix, { posterUrls: ADMIN_POSTERS }));
}

export function removeQuizzes(quizIds: string[]): Promise<void> {
  return withDatabase(async (client) => {
    await client.query("delete from quizzes where id = any($1::uuid[])", [quizIds]);
  });
}

/** Marks are fixed once registration opens (a trigger): a paper is built on these dates, then moved to its own (scheduleInOrder). */
export const NOT_YET_OPEN: QuizSchedule = { formStart: "10 days", formEnd: "11 days", examStart: "12 days", examEnd: "13 days", result: "14 days" };

/** Moves a quiz built NOT_YET_OPEN to `schedule`, its questions in the order of their positions. */
export async function scheduleInOrder(client: Client, quizId: string, schedule: QuizSchedule): Promise<void> {
  await client.query(
    `update quizzes set shuffle_questions = false, form_start_at = now() + $2::interval, form_end_at = now() + $3::interval,
       exam_start_at = now() + $4::interval, exam_end_at = now() + $5::interval, result_at = now() + $6::interval
     where id = $1`,
    [quizId, schedule.formStart, schedule.formEnd, schedule.examStart, schedule.examEnd, schedule.result],
  );
}

/** An exam open right now: registration closed yesterday, the window ends tomorrow. */
export const OPEN_EXAM: QuizSchedule = { formStart: "-2 days", formEnd: "-1 day", examStart: "-1 hour", examEnd: "1 day", result: "2 days" };

export async function createOpenQuiz(): Promise<string> {
  return (await createQuiz(OPEN_EXAM)).id;
}

/**
 * A line of an uploaded bank statement showing `amountPaise` received under a UTR of its own: what
 * a fixture's verified UPI payment needs to count as money received (`npm run ledger:check`, which
 * npm test runs on this database after the journeys). Its UTR, for the payment to give.
 */
export async function bankLineFor(client: Client, amountPaise: number): Promise<string> {
  const utr = String(randomInt(100_000_000_000, 1_000_000_000_000));
  const { rows } = await client.query<{ id: string }>(`insert into bank_statements (file_name, utr_column, amount_column, line_count) values ('e2e.csv', 'UTR', 'Amount', 1) returning id`);
  await client.query(`insert into statement_lines (statement_id, line_number, utr, amount_paise, raw) values ($1, 1, $2, $3, $4)`, [rows[0].id, utr, amountPaise, `${utr},${amountPaise / 100}`]);
  return utr;
}

/** The participant's entry fee by UPI, on the bank's statement and verified. */
export function grantVerifiedEntry(userId: string, quizId: string, amountPaise = 50_000): Promise<void> {
  return withDatabase(async (client) => {
    await client.query(
      `insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason, payment_reference, reviewed_at)
       values ($1, $2, 'form pay', 'upi', 'verified', $3, 'test', $4, now())`,
      [userId, quizId, amountPaise, await bankLineFor(client, amountPaise)],
    );
  });
}

/** The participant's entry fee, waiting for an admin; its id. */
export function pendingEntry(userId: string, quizId: string): Promise<string> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason)
       values ($1, $2, 'form pay', 'upi', 'pending', 50000, 'test') returning id`,
      [userId, quizId],
    );
    return rows[0].id;
  });
}

/** The participant's attempt, submitted an hour into the exam window, with `score`. */
export function submittedAttempt(userId: string, quizId: string, score = 20): Promise<void> {
  return withDatabase(async (client) => {
    await client.query(
      `insert into attempts (participant_id, quiz_id, shuffle_seed, started_at, deadline_at, time_left_seconds, submitted_at, score, time_taken_seconds)
       select $1::uuid, id, 1, exam_start_at, exam_start_at + interval '40 minutes', 0, exam_start_at + interval '20 minutes', $3::int, 1200
       from quizzes where id = $2::uuid`,
      [userId, quizId, score],
    );
  });
}

/**
 * Freezes the quiz's results straight from its attempts' stored scores, with no key and no prizes
 * unless `prizePaise` is given to every ranked participant (the winners page lists prize winners
 * only), as publishing would leave them: for journeys about what participants see afterwards.
 * Publishing itself (key, objection window, digest) is driven through the admin panel elsewhere.
 */
export function markResultsPublished(quizId: string, prizePaise = 0): Promise<void> {
  return withDatabase(async (client) => {
    await client.query(
      `insert into published_results (quiz_id, answer_key, prize_table, marks_per_question, digest)
       select id, '[]', '[]', marks_per_question, 'e2e fixture' from quizzes where id = $1`,
      [quizId],
    );
    await client.query(
      `insert into result_rows (quiz_id, participant_id, rank, score, time_taken_seconds, prize_paise)
       select quiz_id, participant_id, rank() over (order by coalesce(score, 0) desc, coalesce(time_taken_seconds, 0)), coalesce(score, 0), coalesce(time_taken_seconds, 0), $2
       from attempts where quiz_id = $1 and submitted_at is not null and disqualified_at is null`,
      [quizId, prizePaise],
    );
    await client.query(`update quizzes set results_published_at = now() where id = $1`, [quizId]);
  });
}

/** Sequence numbers of the video chunks stored for the participant's attempt, in order. */
export function recordedSequences(userId: string, quizId: string): Promise<number[]> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ sequence: number }>(
      `select rc.sequence from recording_chunks rc join attempts a on a.id = rc.attempt_id
       where a.participant_id = $1 and a.quiz_id = $2 and rc.kind = 'video'
       order by rc.sequence`,
      [userId, quizId],
    );
    return rows.map((row) => row.sequence);
  });
}

/** The answers stored for the participant's attempt: question id → option chosen. */
export function storedAnswers(userId: string, quizId: string): Promise<Record<string, number | null>> {
  return withDatabase(async (client) => {
    const { rows } = await client.query<{ question_id: string; selected_option_index: number | null }>(
      `select aa.question_id, aa.selected_option_index from attempt_answers aa join attempts a on a.id = aa.attempt_id
       where a.participant_id = $1 and a.quiz_id = $2`,
      [userId, quizId],
    );
    return Object.fromEntries(rows.map((row) => [row.question_id, row.selected_option_index]));
  });
}
