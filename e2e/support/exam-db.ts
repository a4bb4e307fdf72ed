import { randomBytes } from "node:crypto";
import { Client } from "pg";

/** The e2e server's embedded database (playwright.config.ts starts it on this port). */
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_DATABASE_PORT ?? 54339}/olympiad`;
/** The seeded paid quiz, whose 25 questions the test quizzes borrow. */
const SEEDED_PAID_QUIZ = "5eed0000-0000-4000-8001-000000000002";

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

/**
 * A quiz whose exam is open right now (registration closed yesterday, the window ends
 * tomorrow): 30 minutes, shuffled, with the seeded paid quiz's 25 questions. Each test gets its
 * own, with its own title, so other tests' cards and lists are undisturbed.
 */
export function createOpenQuiz(): Promise<string> {
  return withDatabase(async (client) => {
    const title = `Exam e2e ${randomBytes(4).toString("hex")}`;
    const { rows } = await client.query<{ id: string }>(
      `insert into quizzes (title, name, duration_seconds, shuffle_questions, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at)
       values ($1, $1, 1800, true, now() - interval '2 days', now() - interval '1 day', now() - interval '1 hour', now() + interval '1 day', now() + interval '2 days')
       returning id`,
      [title],
    );
    const quizId = rows[0].id;
    await client.query(
      `insert into quiz_questions (quiz_id, question_id, position)
       select $1::uuid, question_id, position from quiz_questions where quiz_id = $2::uuid`,
      [quizId, SEEDED_PAID_QUIZ],
    );
    return quizId;
  });
}

/** The participant's entry fee, already verified by an admin. */
export function grantVerifiedEntry(userId: string, quizId: string): Promise<void> {
  return withDatabase(async (client) => {
    await client.query(
      `insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason)
       values ($1, $2, 'form pay', 'upi', 'verified', 50000, 'test')`,
      [userId, quizId],
    );
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
