/**
 * Exam-day load over HTTP against a production build, then the database is checked for every
 * answer and score. Two modes:
 *
 * - Storm (default): N participants log in, start, autosave 25 answers and submit with
 *   `--concurrency` requests in flight; then a reconnect storm: every participant flushes 10
 *   queued answers in one batch, all at once.
 * - Exam day (`--think S`): every participant starts within `--start-spread` seconds of the
 *   others, then thinks a random time (mean S seconds) before each answer and submits after the
 *   last, as a real hall does for the whole quiz. Sessions are issued directly (logins happen
 *   over the hour before an exam; storm mode measures them).
 *
 * Before the steps it measures the ceiling: GET /api/ping as a logged-in participant (proxy,
 * route wrapper and identification, nothing else) at the same concurrency. Prints throughput,
 * p50/p95/p99 per step, each step's throughput as a share of the ceiling, peak RSS of the
 * server's Node processes and peak database connections. A start the server's start line sends
 * back (503 with Retry-After) is asked again at its turn, as the exam page does: `queued` counts
 * those answers, `let in` times each participant's first press to their start. In exam-day mode
 * a timeline follows: every 3 s, the hall let in so far, the starts told to wait, the saves' p99
 * and the start line's learnt pace and how late the server's event loop ran, read once a second
 * from /api/metrics (with --base, set the deployment's METRICS_TOKEN in this environment), and
 * how late this load generator's own timers fired at worst (a request it times waits as long to
 * be read: while it lags, the figures are partly its own).
 *
 *   npm run bench:exam -- [--participants 1000] [--database embedded|postgres] [--concurrency 50]
 *   npm run bench:exam -- --participants 10000 --think 30 [--start-spread 5]
 *
 * `--mixed` sets a paper of every answer type beside the seeded single-correct quiz, in the same
 * exam window: 25 questions in three sections, as JEE Advanced marks them (single correct, some of
 * 5 options, at +3/−1; one or more correct at +4, partial +1, −2; integer answers of 0 to 99 and
 * numerical ones of two decimals ± 0.01 at +3/0, the integers at +4 of their own), questions and
 * options shuffled. Every second participant sits it, so both quizzes run interleaved under the
 * same load, each save sending the answer its question's type takes; each step is then timed per
 * quiz and the mixed paper's figures given as a share of the single-correct one's. Then 200 more
 * participants sit the two in turn, one request at a time, where a request's time is its own work
 * rather than its wait behind the hall's. The mixed paper's scores are checked against
 * lib/exam/marking.ts over the answers the bench sent.
 *
 * `--rich` first gives every question of the quiz a display formula and a diagram (English and Hindi) and
 * formulas as options, rendered as saving does (lib/content), to compare the start with plain
 * questions; the start response's size is printed either way.
 *
 * The server runs on `npm start`'s Node.js (Node 24, scripts/node24.sh); `--node PATH` runs it on
 * another to compare. `--instances N` serves with N instances as `WEB_CONCURRENCY=N npm start`
 * does (1 Node process uses one core); `--cpu-prof DIR` writes a CPU profile of each into DIR when it stops;
 * `--pool-max N` sets each one's database pool (DATABASE_POOL_MAX); `--connections N|unlimited` (256) the
 * HTTP connections to the server (unlimited: each request in flight its own, as phones reaching `npm start` or
 * an nginx without a cap do); `--start-connections N` gives the starts a pool of their own; `--server-log FILE` keeps the server's log. `--base URL --database-url URL`
 * measures a deployment you run yourself (several instances behind a proxy, say) instead: the
 * database's owner URL, and the deployment's NEXTAUTH_SECRET in this environment (sessions are issued here).
 *
 * `--nginx` puts Debian's nginx with the shipped configuration (docs/nginx.conf) between the hall and the
 * server, as a deployment has it; `--project DIR` serves another checkout's build (today's, say) to
 * compare it with this one's under the same load.
 *
 * Needs `next build` first. With --database postgres it uses a fresh database on
 * TEST_POSTGRES_URL's server (default postgresql://postgres@127.0.0.1:5432/postgres).
 */
import { SESSION_SECRET } from "./support/session-secret";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { hash } from "@node-rs/argon2";
import { Client, Pool } from "pg";
import { Agent, request, setGlobalDispatcher } from "undici";
import type { AcceptedRanges, AnswerType } from "../db/schema";
import { encodeSessionCookie } from "../lib/auth/cookie";
import { answerMarks, markingInHundredths, type GivenAnswer, type MarkedQuestion, type Marking } from "../lib/exam/marking";
import { PLACE_IN_LINE_HEADER } from "../lib/http/let-in-mark";
import { decimalText, fromHundredths, toHundredths } from "../lib/marks";
import { renderQuestion } from "../lib/content";
import { DEMO_DIAGRAM_ALT, DEMO_DIAGRAM_ID } from "../lib/seed/demo-questions";
import { startNginx } from "../e2e/support/nginx";
import { createDatabase, dropDatabase, freePort, temporaryDirectory } from "../tests/support/test-server";
import { undoAll, undoLater } from "./support/clean-up";
import { productionNode, startProductionServer } from "./support/production-server";

const { values: args } = parseArgs({
  options: {
    participants: { type: "string", default: "1000" },
    database: { type: "string", default: "embedded" },
    concurrency: { type: "string", default: "50" },
    think: { type: "string", default: "0" },
    "start-spread": { type: "string", default: "5" },
    instances: { type: "string", default: "1" },
    "pool-max": { type: "string", default: "20" },
    "cpu-prof": { type: "string" },
    "server-log": { type: "string" },
    base: { type: "string" },
    "database-url": { type: "string" },
    connections: { type: "string", default: "256" },
    nginx: { type: "boolean", default: false },
    project: { type: "string" },
    "start-connections": { type: "string" },
    node: { type: "string" },
    rich: { type: "boolean", default: false },
    mixed: { type: "boolean", default: false },
    answers: { type: "string", default: "25" },
  },
});
const PARTICIPANTS = Number(args.participants);
const CONCURRENCY = Number(args.concurrency);
const THINK_SECONDS = Number(args.think);
const EXAM_DAY = THINK_SECONDS > 0;
const START_SPREAD_SECONDS = Number(args["start-spread"]);
// Answers each participant saves of the quiz's 25: fewer make a short exam day that measures the start line.
const QUESTIONS = Math.min(25, Number(args.answers));
const RECONNECT_PARTICIPANTS = Math.min(PARTICIPANTS, 1000);
const QUEUED_ANSWERS = 10;
const PASSWORD = "bench-password-1";
// The hall reaches the app through a proxy that holds a pool of 256 connections to it, on which
// every request waits for a free one, so during the start burst a participant's save
// can wait behind other participants' starts. `--connections unlimited` gives every request in
// flight its own connection instead, as a proxy without a cap does: then 10,000 starts at once
// open 10,000 connections to one instance.
setGlobalDispatcher(new Agent({ connections: args.connections === "unlimited" ? null : Number(args.connections) }));
// `--start-connections N`: the starts wait in a pool of their own, as a proxy that queues them
// apart from every other request (HAProxy's per-backend queue, say), so a save never waits behind them.
const startDispatcher = args["start-connections"] === undefined ? undefined : new Agent({ connections: Number(args["start-connections"]) });
const PAID_QUIZ = "5eed0000-0000-4000-8001-000000000002";
const MIXED = args.mixed;
/**
 * With --mixed, participants beyond the hall who sit the two quizzes in turn once it is done, one
 * request at a time: under load a request's time is mostly its wait behind others' requests, which
 * both quizzes share, so only alone does it show its own work.
 */
const ALONE_PARTICIPANTS = 200;
// The mixed paper copies the paid quiz's plain texts: beside enriched ones it would measure the formulas.
if (MIXED && args.rich) throw new Error("--mixed compares plain papers: leave out --rich");

/** Which quiz a participant sits: the seeded single-correct one, or the paper of every answer type (--mixed). */
type Paper = "single" | "mixed";

interface Timing {
  step: string;
  ms: number;
  ok: boolean;
  /** When it ended (performance.now()). */
  at: number;
  /** The quiz it was for, when it was for one. */
  paper?: Paper;
}
const timings: Timing[] = [];
/** The first start response's size per quiz: what each participant downloads for the paper. */
const startBytes: Partial<Record<Paper, { raw: number; gzip: number }>> = {};
/** The exam paper's size as sent (gzipped), when the questions have rendered texts. */
let paperBytes: number | undefined;

interface Answered {
  status: number;
  setCookie: string | undefined;
  body: string;
  /** The body's size as it came over the wire. */
  bytes: number;
  /** Retry-After, in seconds, when the server gave one. */
  retryAfter: number | undefined;
  /** The place in line the server gave with it (X-Place-In-Line), to send back. */
  placeInLine: string | undefined;
}

/**
 * One request, timed until its whole body has arrived; null when it never got an answer. undici's
 * `request`, not `fetch`: the load generator shares the machine with the server, and fetch costs
 * it more CPU per request.
 */
async function timed(step: string, method: "GET" | "POST" | "PUT", url: string, options: { cookie?: string; json?: unknown; queue?: boolean; dispatcher?: Agent; placeInLine?: string; paper?: Paper } = {}): Promise<Answered | null> {
  const started = performance.now();
  try {
    const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (options.placeInLine) headers[PLACE_IN_LINE_HEADER] = options.placeInLine;
    const response = await request(url, { method, headers, body: options.json === undefined ? undefined : JSON.stringify(options.json), dispatcher: options.dispatcher });
    const received = Buffer.from(await response.body.arrayBuffer());
    const body = received.toString();
    const retryAfter = response.headers["retry-after"] === undefined ? undefined : Number(response.headers["retry-after"]);
    // A start the server put back in its queue (503 with a turn to come back at) is no error.
    const queued = options.queue === true && response.statusCode === 503 && retryAfter !== undefined;
    const ok = queued || (response.statusCode >= 200 && response.statusCode < 300);
    const ended = performance.now();
    timings.push({ step: queued ? "queued" : step, ms: ended - started, ok, at: ended, paper: options.paper });
    const setCookie = response.headers["set-cookie"];
    const placeInLine = response.headers[PLACE_IN_LINE_HEADER];
    return { status: response.statusCode, setCookie: Array.isArray(setCookie) ? setCookie[0] : setCookie, body, bytes: received.length, retryAfter, placeInLine: typeof placeInLine === "string" ? placeInLine : undefined };
  } catch {
    const ended = performance.now();
    timings.push({ step, ms: ended - started, ok: false, at: ended, paper: options.paper });
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function prepare(databaseUrl: string) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  // Storm mode logs in over HTTP; exam-day mode never uses the password.
  const passwordHash = await hash(PASSWORD);
  const now = Date.now();
  // The seeded paid quiz, moved so its exam window is open now.
  await db.query(
    `update quizzes set form_start_at = $1, form_end_at = $2, exam_start_at = $2, exam_end_at = $3, result_at = $3, capacity = null where id = $4`,
    [new Date(now - 7_200_000), new Date(now - 3_600_000), new Date(now + 7_200_000), PAID_QUIZ],
  );
  const emails = Array.from({ length: PARTICIPANTS + (MIXED ? ALONE_PARTICIPANTS : 0) }, (_, index) => `bench-${index}-${randomBytes(3).toString("hex")}@example.test`);
  const { rows } = await db.query<{ id: string; name: string; email: string }>(
    `insert into users (name, email, password_hash, referral_code, date_of_birth)
     select 'Bench ' || n, e, $2, upper(substr(md5(e), 1, 10)), '1990-01-01' from unnest($1::text[]) with ordinality as t(e, n)
     returning id, name, email`,
    [emails, passwordHash],
  );
  const mixed = MIXED ? await createMixedPaper(db) : undefined;
  // Every second participant enters the mixed paper, so the two quizzes' requests interleave.
  const participants = rows.map((row, index): Participant => {
    const paper = mixed && index % 2 === 1 ? "mixed" : "single";
    return { ...row, paper, quizId: paper === "mixed" ? mixed!.quizId : PAID_QUIZ, cookie: "", questions: [], sent: new Map() };
  });
  for (const quizId of mixed ? [PAID_QUIZ, mixed.quizId] : [PAID_QUIZ]) {
    await db.query(
      `insert into transactions (user_id, quiz_id, type, mode, status, amount_paise, reason)
       select id, $1, 'form pay', 'upi', 'verified', 50000, 'bench' from users where email = any($2::text[])`,
      [quizId, participants.filter((participant) => participant.quizId === quizId).map((participant) => participant.email)],
    );
  }
  if (args.rich) await enrichQuestions(db);
  await db.end();
  return { participants, mixed };
}

/**
 * The mixed paper's sections, as JEE Advanced marks them, each taking the next `questions` of the
 * paid quiz's questions (texts and options copied, so both papers are as long to send).
 */
const MIXED_SECTIONS = [
  { name: "Section A: single correct", nameHi: "खंड क: एक सही विकल्प", correct: 3, wrong: 1, partial: null, questions: 9 },
  { name: "Section B: one or more correct", nameHi: "खंड ख: एक या अधिक सही विकल्प", correct: 4, wrong: 2, partial: 1, questions: 8 },
  { name: "Section C: numerical answers", nameHi: "खंड ग: संख्यात्मक उत्तर", correct: 3, wrong: 0, partial: null, questions: 8 },
] as const;
/** The keys of the one-or-more-correct questions in turn: one, two or three of the four options. */
const MULTIPLE_KEYS = [[0], [1, 3], [0, 2, 3], [2]];
/** IOQM-style marks of its own for a right integer answer, over its section's. */
const INTEGER_MARKS = 4;

/** A question of the mixed paper as created: its key and marking, to mark what the bench sent. */
interface MixedQuestion extends MarkedQuestion {
  id: string;
  /** Its options in the bank's order (none for a typed answer); the texts are unique within a question. */
  options: string[];
  /** Its section's marking, with its own marks for a right answer where it has them. */
  marking: Marking;
}

interface MixedPaper {
  quizId: string;
  questions: Map<string, MixedQuestion>;
}

/**
 * A second quiz in the paid quiz's exam window and with its settings, options shuffled too: its
 * questions in three sections (single correct, every second one of 5 options; one or more correct;
 * integer answers of 0 to 99, then numerical ones of two decimals ± 0.01), with their keys. One
 * transaction: sections are refused for a quiz whose registration is open, unless made with it.
 */
async function createMixedPaper(db: Client): Promise<MixedPaper> {
  const { rows: bank } = await db.query<{ subject: string; text: string; text_hi: string | null; options: string[]; options_hi: string[] | null }>(
    `select q.subject, q.text, q.text_hi, q.options, q.options_hi from quiz_questions qq join questions q on q.id = qq.question_id where qq.quiz_id = $1 order by qq.position`,
    [PAID_QUIZ],
  );
  const sized = MIXED_SECTIONS.reduce((total, section) => total + section.questions, 0);
  if (bank.length !== sized) throw new Error(`the paid quiz has ${bank.length} questions, the mixed paper takes ${sized}`);
  const questions = new Map<string, MixedQuestion>();
  await db.query("begin");
  try {
    const { rows: [quiz] } = await db.query<{ id: string }>(
      `insert into quizzes (title, name, description, prize_money_paise, entry_fee_paise, capacity, duration_seconds, question_count, marks_per_question, wrong_answer_marks,
         shuffle_questions, shuffle_options, contest_model, poster_urls, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at, objection_window_hours)
       select title || ': every answer type', name || '-mixed', description, prize_money_paise, entry_fee_paise, capacity, duration_seconds, question_count, marks_per_question, wrong_answer_marks,
         shuffle_questions, true, contest_model, poster_urls, form_start_at, form_end_at, exam_start_at, exam_end_at, result_at, objection_window_hours
       from quizzes where id = $1 returning id`,
      [PAID_QUIZ],
    );
    let position = 0;
    for (const [sectionIndex, section] of MIXED_SECTIONS.entries()) {
      const { rows: [{ id: sectionId }] } = await db.query<{ id: string }>(
        `insert into quiz_sections (quiz_id, position, name, name_hi, marks_correct, marks_wrong, marks_partial) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [quiz.id, sectionIndex, section.name, section.nameHi, section.correct, section.wrong, section.partial],
      );
      for (let inSection = 0; inSection < section.questions; inSection++, position++) {
        const source = bank[position];
        const type: AnswerType = sectionIndex === 0 ? "single" : sectionIndex === 1 ? "multiple" : inSection < section.questions / 2 ? "integer" : "numerical";
        const fifth = type === "single" && inSection % 2 === 1;
        const options = type === "single" || type === "multiple" ? [...source.options, ...(fifth ? ["None of these"] : [])] : [];
        if (new Set(options).size !== options.length) throw new Error(`the options of "${source.text}" are not unique`);
        const optionsHi = source.text_hi === null ? null : options.length === 0 ? [] : [...source.options_hi!, ...(fifth ? ["इनमें से कोई नहीं"] : [])];
        const key = type === "single" ? [position % options.length] : type === "multiple" ? MULTIPLE_KEYS[inSection % MULTIPLE_KEYS.length] : [];
        const centre = 110 + 70 * position;
        const accepted: AcceptedRanges =
          type === "integer" ? [[String((17 + 23 * position) % 100), String((17 + 23 * position) % 100)]] : type === "numerical" ? [[decimalText(centre - 1), decimalText(centre + 1)]] : [];
        const { rows: [{ id }] } = await db.query<{ id: string }>(
          `insert into questions (subject, text, text_hi, answer_type, options, options_hi, correct_option_index, correct_options, accepted_answers, answer_limits, answer_decimals)
           values ($1, $2, $3, $4::answer_type, $5::text[], $6::text[], $7, $8::smallint[], $9::nummultirange, $10::numrange, $11) returning id`,
          [
            source.subject, source.text, source.text_hi, type, options, optionsHi,
            type === "single" ? key[0] : null,
            type === "multiple" ? key : null,
            accepted.length ? `{${accepted.map(([low, high]) => `[${low},${high}]`).join(",")}}` : null,
            type === "integer" ? "[0,99]" : null,
            type === "integer" ? 0 : type === "numerical" ? 2 : null,
          ],
        );
        const ownMarks = type === "integer" ? INTEGER_MARKS : null;
        await db.query(`insert into quiz_questions (quiz_id, question_id, position, section_id, marks_correct) values ($1, $2, $3, $4, $5)`, [quiz.id, id, position, sectionId, ownMarks]);
        questions.set(id, {
          id, type, options, dropped: false,
          accepted: type === "single" || type === "multiple" ? key : accepted,
          marking: markingInHundredths({ correct: ownMarks ?? section.correct, wrong: section.wrong, partial: section.partial }),
        });
      }
    }
    await db.query("commit");
    return { quizId: quiz.id, questions };
  } catch (error) {
    await db.query("rollback");
    throw error;
  }
}

/** An answer as a save's body carries it: the option shown, the options shown, or the number typed. */
type AnswerBody = { selectedOptionIndex: number } | { selectedOptions: number[] } | { typedAnswer: string };

/**
 * A participant's answer to a question of the mixed paper, varied by `turn` between right, in
 * part (some of the correct options; a typed number at its tolerance's edge) and wrong: as the save
 * sends it (options as shown) and as given in the bank's order, which is how it is stored and marked.
 */
function mixedAnswer(paper: MixedPaper, shown: ShownQuestion, turn: number): { body: AnswerBody; given: GivenAnswer } {
  const question = paper.questions.get(shown.id)!;
  switch (question.type) {
    case "single": {
      const displayed = turn % shown.options.length;
      return { body: { selectedOptionIndex: displayed }, given: question.options.indexOf(shown.options[displayed]) };
    }
    case "multiple": {
      const key = question.accepted as number[];
      const wrong = question.options.findIndex((_, option) => !key.includes(option));
      const choices = [key, key.slice(0, 1), [...key, wrong], key.length > 1 ? key.slice(1) : [wrong]];
      const chosen = choices[turn % choices.length].toSorted((a, b) => a - b);
      return { body: { selectedOptions: chosen.map((option) => shown.options.indexOf(question.options[option])).sort((a, b) => a - b) }, given: chosen };
    }
    default: {
      const [low] = (question.accepted as AcceptedRanges)[0];
      const centre = toHundredths(low) + (question.type === "numerical" ? 1 : 0);
      const typed =
        question.type === "integer"
          ? [low, String((Number(low) + 1) % 100), String(turn % 100)]
          : [decimalText(centre - 1), decimalText(centre + 1), decimalText(centre + 2), String(fromHundredths(centre))];
      const answer = typed[turn % typed.length];
      return { body: { typedAnswer: answer }, given: answer };
    }
  }
}

/**
 * Every question of the quiz with a display formula and the demo's diagram in both languages, and
 * formula options, rendered as saving renders them.
 */
async function enrichQuestions(db: Client) {
  const { rows } = await db.query<{ id: string; text: string; options: string[]; text_hi: string | null; options_hi: string[] | null }>(
    `select q.id, q.text, q.options, q.text_hi, q.options_hi from questions q join quiz_questions qq on qq.question_id = q.id where qq.quiz_id = $1`,
    [PAID_QUIZ],
  );
  const formula = "\n\n$$\\int_0^1 x^2\\,dx = \\frac{1}{3}, \\quad \\sqrt{a^2 + b^2} = c$$";
  const figure = (alt: string) => `\n\n![${alt}](image:${DEMO_DIAGRAM_ID})`;
  const images = new Map([[DEMO_DIAGRAM_ID, { width: 480, height: 320 }]]);
  for (const question of rows) {
    const options = question.options.map((option, index) => `${option} $\\left(\\tfrac{${index + 1}}{${index + 2}}\\right)^2$`);
    const enriched = { text: question.text + formula + figure(DEMO_DIAGRAM_ALT.en), options, textHi: question.text_hi && question.text_hi + formula + figure(DEMO_DIAGRAM_ALT.hi), optionsHi: question.options_hi && question.options_hi.map((option, index) => `${option} $\\tfrac{${index + 1}}{${index + 2}}$`) };
    await db.query(`update questions set text = $2, options = $3, text_hi = $4, options_hi = $5, rendered = $6 where id = $1`, [
      question.id, enriched.text, enriched.options, enriched.textHi, enriched.optionsHi, JSON.stringify(await renderQuestion(enriched, images)),
    ]);
    await db.query("insert into question_image_uses (question_id, image_id) values ($1, $2) on conflict do nothing", [question.id, DEMO_DIAGRAM_ID]);
  }
}

/** What the database holds once the run is over, over both quizzes with --mixed. */
interface Stored {
  attempts: number;
  submitted: number;
  answers: number;
  reconnected: number;
  wrong_scores: number;
  /** Answers of the mixed paper stored otherwise than the bench gave them. */
  unlike_sent: number;
}

async function verify(databaseUrl: string, reconnectedAt: Date | null, participants: Participant[], mixed: MixedPaper | undefined): Promise<Stored> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const counts = (quizId: string, scoredByRightAnswers: boolean) =>
    db.query<Omit<Stored, "unlike_sent">>(`
    select count(*)::int as attempts,
           count(*) filter (where submitted_at is not null)::int as submitted,
           (select count(*)::int from attempt_answers aa join attempts a2 on a2.id = aa.attempt_id where a2.quiz_id = $1) as answers,
           (select count(*)::int from attempt_answers aa join attempts a2 on a2.id = aa.attempt_id where a2.quiz_id = $1 and aa.answered_at = $2) as reconnected,
           count(*) filter (where $3 and score is distinct from (
             select count(*) from attempt_answers aa join questions q on q.id = aa.question_id
             where aa.attempt_id = a.id and aa.selected_option_index = q.correct_option_index))::int as wrong_scores
    from attempts a where a.quiz_id = $1`, [quizId, reconnectedAt ?? new Date(0), scoredByRightAnswers]).then(({ rows }) => rows[0]);
  // The seeded quiz gives a mark a right answer and takes none for a wrong one: its score counts its right answers.
  const stored: Stored = { ...(await counts(PAID_QUIZ, true)), unlike_sent: 0 };
  if (mixed) {
    const more = await counts(mixed.quizId, false);
    for (const field of ["attempts", "submitted", "answers", "reconnected"] as const) stored[field] += more[field];
    const { rows } = await db.query<{ participant_id: string; score: string | null; question_id: string | null; selected_option_index: number | null; selected_options: number[] | null; typed_answer: string | null }>(
      `select a.participant_id, a.score::text as score, aa.question_id, aa.selected_option_index, aa.selected_options, aa.typed_answer
       from attempts a left join attempt_answers aa on aa.attempt_id = a.id where a.quiz_id = $1`,
      [mixed.quizId],
    );
    const held = new Map<string, { score: string | null; answers: Map<string, GivenAnswer> }>();
    for (const row of rows) {
      const attempt = held.get(row.participant_id) ?? { score: row.score, answers: new Map() };
      held.set(row.participant_id, attempt);
      if (row.question_id) attempt.answers.set(row.question_id, row.selected_options ?? row.typed_answer ?? row.selected_option_index);
    }
    for (const participant of participants) {
      const attempt = held.get(participant.id);
      // A participant without an attempt is missing from the attempts counted.
      if (participant.paper !== "mixed" || !attempt) continue;
      for (const [questionId, given] of participant.sent) {
        if (JSON.stringify(attempt.answers.get(questionId)) !== JSON.stringify(given)) stored.unlike_sent++;
      }
      // The score recomputed from the answers sent, as the results file's verifier marks them.
      const expected = [...mixed.questions.values()].reduce((total, question) => total + answerMarks(question, participant.sent.get(question.id) ?? null, question.marking), 0);
      if (attempt.score === null || toHundredths(attempt.score) !== expected) stored.wrong_scores++;
    }
  }
  await db.end();
  return stored;
}

interface Usage {
  /** RSS of the server's Node processes (not the embedded PostgreSQL it starts). */
  nodeRssBytes: number;
  /** CPU time of the server's Node processes. */
  nodeCpuSeconds: number;
  /** CPU time of every PostgreSQL process on the machine (the embedded server's or the machine's). */
  postgresCpuSeconds: number;
}

const CLOCK_TICKS = 100;

/** Reads /proc: the server's process tree (none for a deployment given with --base) and every postgres process. */
async function usage(rootPid: number | undefined): Promise<Usage> {
  const processes = new Map<number, { parent: number; command: string; cpuSeconds: number; reapedCpuSeconds: number }>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state, ppid (field 4 of stat), ... utime, stime, cutime, cstime (14-17);
      // cutime and cstime are reaped children's CPU (a postmaster's backends the pool closed).
      const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
      processes.set(Number(entry), { parent: Number(fields[1]), command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), cpuSeconds: (utime + stime) / CLOCK_TICKS, reapedCpuSeconds: (cutime + cstime) / CLOCK_TICKS });
    } catch {
      // the process ended while we looked
    }
  }
  const result: Usage = { nodeRssBytes: 0, nodeCpuSeconds: 0, postgresCpuSeconds: 0 };
  for (const { command, parent, cpuSeconds, reapedCpuSeconds } of processes.values()) {
    if (command !== "postgres") continue;
    result.postgresCpuSeconds += cpuSeconds;
    if (processes.get(parent)?.command !== "postgres") result.postgresCpuSeconds += reapedCpuSeconds;
  }
  const tree = rootPid === undefined ? [] : [rootPid];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, { parent }] of processes) if (parent === tree[index]) tree.push(pid);
  }
  for (const pid of tree) {
    const process = processes.get(pid);
    if (!process || process.command === "postgres") continue;
    result.nodeCpuSeconds += process.cpuSeconds;
    try {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      result.nodeRssBytes += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return result;
}

/**
 * Samples the server's memory and the database's connections once a second, keeping the peaks,
 * and the start line's learnt pace from the metrics (of whichever instance answers the scrape).
 */
const LAG_TICK_MS = 50;

function watch({ serverPid, databaseUrl, base, metricsToken }: Measured) {
  const peaks = { rssBytes: 0, connections: 0, activeConnections: 0 };
  const lineSamples: LineSample[] = [];
  // How late this load generator's own timers fire: a request it times waits as long to be read,
  // so a figure taken while it lags is partly its own, not the server's.
  const lags: { at: number; ms: number }[] = [];
  let tickDue = performance.now() + LAG_TICK_MS;
  const ticker = setInterval(() => {
    const at = performance.now();
    lags.push({ at, ms: Math.max(0, at - tickDue) });
    tickDue = at + LAG_TICK_MS;
  }, LAG_TICK_MS);
  // A pool, which reconnects: the database may be killed under the bench on purpose.
  const db = new Pool({ connectionString: databaseUrl, max: 1 });
  db.on("error", () => undefined);
  let stopped = false;
  const running = (async () => {
    while (!stopped) {
      peaks.rssBytes = Math.max(peaks.rssBytes, (await usage(serverPid)).nodeRssBytes);
      const sample = await db
        .query<{ total: number; active: number }>(
          `select count(*)::int as total, count(*) filter (where state = 'active')::int as active
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
        .catch(() => undefined);
      peaks.connections = Math.max(peaks.connections, sample?.rows[0].total ?? 0);
      peaks.activeConnections = Math.max(peaks.activeConnections, sample?.rows[0].active ?? 0);
      const line = metricsToken ? await lineSample(base, metricsToken) : undefined;
      if (line) lineSamples.push(line);
      await sleep(1000);
    }
    await db.end();
  })();
  const stop = async () => {
    stopped = true;
    clearInterval(ticker);
    await running;
  };
  return { peaks, lineSamples, lags, stop };
}

/** The start line's pace, and how late the server's event loop ran since the scrape before (prom-client resets its histogram at each). */
interface LineSample {
  at: number;
  pace: number;
  serverLateMs: { p99: number; max: number };
}

async function lineSample(base: string, metricsToken: string): Promise<LineSample | undefined> {
  const response = await request(`${base}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).catch(() => undefined);
  const text = await response?.body.text();
  const gauge = (name: string) => text?.match(new RegExp(`^olympiad_${name} (\\S+)$`, "m"))?.[1];
  const pace = gauge("exam_start_pace");
  const lateMs = (statistic: string) => Number(gauge(`nodejs_eventloop_lag_${statistic}_seconds`) ?? NaN) * 1000;
  return pace === undefined ? undefined : { at: performance.now(), pace: Number(pace), serverLateMs: { p99: lateMs("p99"), max: lateMs("max") } };
}

interface Phase {
  step: string;
  wallMs: number;
  /** CPU spent during the phase by the server's Node processes, PostgreSQL and this load generator. */
  cpuSeconds: { server: number; database: number; bench: number };
}

/** A question as the start sends it: the options in the order shown. */
type ShownQuestion = { id: string; answerType: AnswerType; options: string[] };

type Participant = {
  id: string;
  name: string;
  email: string;
  paper: Paper;
  quizId: string;
  cookie: string;
  /** The questions it answers, in the order shown. */
  questions: ShownQuestion[];
  /** Mixed paper: the answers it gave that the server took, in the bank's order of options, per question id. */
  sent: Map<string, GivenAnswer>;
};

interface Measured {
  base: string;
  databaseUrl: string;
  serverPid?: number;
  runtime: string;
  /** The deployment's METRICS_TOKEN, to read the start line's pace (this environment's, with --base). */
  metricsToken?: string;
}

/** This bench's own production server on a fresh database, or the deployment given with --base. */
async function serverToMeasure(): Promise<Measured> {
  if (args.base) {
    if (!args["database-url"]) throw new Error("--base needs --database-url, the deployment's database as its owner");
    return { base: args.base.replace(/\/+$/, ""), databaseUrl: args["database-url"], runtime: `the deployment at ${args.base}`, metricsToken: process.env.METRICS_TOKEN };
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let databaseUrl: string;
  const metricsToken = randomBytes(24).toString("base64url");
  const env: Record<string, string> = { NEXTAUTH_URL: base, NEXTAUTH_SECRET: SESSION_SECRET, NEXT_TELEMETRY_DISABLED: "1", DATABASE_POOL_MAX: args["pool-max"], WEB_CONCURRENCY: args.instances, METRICS_TOKEN: metricsToken };
  if (args.database === "postgres") {
    const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
    const database = await createDatabase(adminUrl);
    // The bench prepares and checks on the owner's login, as on the embedded database below.
    databaseUrl = database.ownerUrl;
    env.DATABASE_URL = database.url;
    env.MIGRATION_DATABASE_URL = database.ownerUrl;
    env.DATA_DIR = await temporaryDirectory("olympiad-bench-");
    undoLater(() => dropDatabase(adminUrl, database.name));
  } else {
    env.DATA_DIR = await temporaryDirectory("olympiad-bench-");
    env.EMBEDDED_DATABASE_PORT = String(await freePort());
    databaseUrl = `postgresql://postgres:postgres@127.0.0.1:${env.EMBEDDED_DATABASE_PORT}/olympiad`;
  }
  undoLater(() => rm(env.DATA_DIR, { recursive: true, force: true, maxRetries: 5 }));
  const node = args.node ?? productionNode();
  // nginx appends the client's address to X-Forwarded-For: believe that one entry, as docs/operations.md says.
  if (args.nginx) env.TRUSTED_PROXY_HOPS = "1";
  const project = path.resolve(args.project ?? ".");
  const server = await startProductionServer(env, port, { node, nodeArgs: args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-prof"]}`] : [], logFile: args["server-log"], project });
  // For faults injected by hand while it runs (kill -9 of the postmaster in $DATA_DIR/pg/postmaster.pid, SIGTERM to the server).
  console.log(`server pid ${server.pid} on port ${port}, data in ${env.DATA_DIR}${args["server-log"] ? `, log in ${args["server-log"]}` : ""}`);
  const runtime = `${args.instances} instance(s) on Node ${execFileSync(node, ["--version"], { encoding: "utf8" }).trim()}, the build of ${project}`;
  if (!args.nginx) return { base, databaseUrl, serverPid: server.pid, runtime, metricsToken };
  const nginx = await startNginx(await reachableByNginx(), await freePort(), [`127.0.0.1:${port}`]);
  undoLater(() => nginx.stop());
  return { base: nginx.url, databaseUrl, serverPid: server.pid, runtime: `${runtime}, behind nginx (docs/nginx.conf)`, metricsToken };
}

/** A directory for nginx's files that its workers, which drop root for nobody, can reach. */
async function reachableByNginx(): Promise<string> {
  const directory = await temporaryDirectory("olympiad-bench-nginx-");
  await chmod(directory, 0o755);
  undoLater(() => rm(directory, { recursive: true, force: true }));
  return directory;
}

async function run() {
  const measured = await serverToMeasure();
  const { base, databaseUrl, serverPid, runtime } = measured;
  const watcher = watch(measured);
  undoLater(() => watcher.stop().catch(() => undefined));
  try {
    const { participants: everyone, mixed } = await prepare(databaseUrl);
    const participants = everyone.slice(0, PARTICIPANTS);
    const alone = everyone.slice(PARTICIPANTS);
    console.log(
      EXAM_DAY
        ? `exam day: ${PARTICIPANTS} participants, ${QUESTIONS} answers each, think time mean ${THINK_SECONDS} s, starts within ${START_SPREAD_SECONDS} s, ${args.base ? "" : `${args.database} PostgreSQL, `}${runtime}`
        : `storm: ${PARTICIPANTS} participants, ${QUESTIONS} answers each, ${CONCURRENCY} in flight, ${args.base ? "" : `${args.database} PostgreSQL, `}${runtime}`,
    );
    if (mixed) {
      const types = [...mixed.questions.values()].map((question) => question.type);
      const counted = [...new Set(types)].map((type) => `${types.filter((each) => each === type).length} ${type}`).join(", ");
      console.log(`every second participant sits the paper of every answer type (${counted}) instead of the single-correct quiz`);
    }
    const phases: Phase[] = [];
    const phase = async (step: string, work: () => Promise<void>) => {
      const started = performance.now();
      const [before, benchBefore] = [await usage(serverPid), process.cpuUsage()];
      await work();
      const [after, bench] = [await usage(serverPid), process.cpuUsage(benchBefore)];
      phases.push({
        step,
        wallMs: performance.now() - started,
        cpuSeconds: { server: after.nodeCpuSeconds - before.nodeCpuSeconds, database: after.postgresCpuSeconds - before.postgresCpuSeconds, bench: (bench.user + bench.system) / 1e6 },
      });
    };
    const eachParticipant = (step: string, task: (participant: Participant) => Promise<void>, limit = CONCURRENCY) =>
      phase(step, () => pool(participants, limit, task));

    // The answer to the participant's `index`th question; `turn` varies it from one save of it to the next.
    const answerTo = (participant: Participant, index: number, turn: number): { body: AnswerBody; given?: GivenAnswer } =>
      participant.paper === "mixed" ? mixedAnswer(mixed!, participant.questions[index], turn) : { body: { selectedOptionIndex: turn % 4 } };
    const saveAnswer = async (participant: Participant, index: number, step = "answer") => {
      const question = participant.questions[index];
      const { body, given } = answerTo(participant, index, index + participant.email.length);
      const response = await timed(step, "PUT", `${base}/api/exam/${participant.quizId}/answers`, {
        cookie: participant.cookie,
        json: { questionId: question.id, ...body, answeredAt: new Date().toISOString(), currentQuestionIndex: index, timeLeftSeconds: 1700 - index },
        paper: participant.paper,
      });
      if (given !== undefined && response?.status === 200) participant.sent.set(question.id, given);
    };
    // As the exam page does: told to come back, it waits its turn (and up to a second more) and asks again, with its place in line.
    const start = async (participant: Participant, step = "start") => {
      const pressed = performance.now();
      const ask = (placeInLine?: string) =>
        timed(step, "POST", `${base}/api/exam/${participant.quizId}/start`, { cookie: participant.cookie, queue: true, dispatcher: startDispatcher, placeInLine, paper: participant.paper });
      let response = await ask();
      while (response?.status === 503 && response.retryAfter !== undefined) {
        await sleep((response.retryAfter + Math.random()) * 1000);
        response = await ask(response.placeInLine);
      }
      // A start that failed is already counted among the start's errors.
      if (response?.status !== 200) return;
      const view = JSON.parse(response.body) as { questions: ShownQuestion[] };
      participant.questions = view.questions.slice(0, QUESTIONS);
      startBytes[participant.paper] ??= { raw: Buffer.byteLength(response.body), gzip: gzipSync(response.body).length };
      const letIn = performance.now();
      if (step === "start") timings.push({ step: "let in", ms: letIn - pressed, ok: true, at: letIn, paper: participant.paper });
    };
    const submit = (participant: Participant, step = "submit") =>
      timed(step, "POST", `${base}/api/exam/${participant.quizId}/submit`, { cookie: participant.cookie, paper: participant.paper }).then(() => undefined);

    const issueSession = async (participant: Participant) => {
      participant.cookie = (await encodeSessionCookie({ userId: participant.id, name: participant.name, email: participant.email, sessionVersion: 0 })).split(";")[0];
    };
    if (EXAM_DAY) {
      for (const participant of participants) await issueSession(participant);
    } else {
      await eachParticipant("login", async (participant) => {
        const response = await timed("login", "POST", `${base}/api/login`, { json: { email: participant.email, password: PASSWORD } });
        participant.cookie = response?.setCookie?.split(";")[0] ?? "";
      });
    }

    // The ceiling: 10,000 pings at the same concurrency, round the participants.
    const pings = Array.from({ length: 10_000 }, (_, index) => participants[index % participants.length]);
    await phase("ceiling", () => pool(pings, CONCURRENCY, async (participant) => {
      await timed("ceiling", "GET", `${base}/api/ping`, { cookie: participant.cookie });
    }));

    // As the exam page does when it opens, before Start: the sealed exam paper (204 when no question needs one).
    await eachParticipant("paper", async (participant) => {
      const paper = await timed("paper", "GET", `${base}/api/exam/${participant.quizId}/paper`, { cookie: participant.cookie, paper: participant.paper });
      if (paper?.status === 200) paperBytes ??= paper.bytes;
    });

    let reconnectedAt: Date | null = null;
    if (EXAM_DAY) {
      const thinkMs = () => Math.random() * 2 * THINK_SECONDS * 1000;
      const examBegan = performance.now();
      await phase("exam", () => Promise.all(participants.map(async (participant) => {
        await sleep(Math.random() * START_SPREAD_SECONDS * 1000);
        await start(participant);
        for (let index = 0; index < participant.questions.length; index++) {
          await sleep(thinkMs());
          await saveAnswer(participant, index);
        }
        await submit(participant);
      })).then(() => undefined));
      reportLetIn(examBegan, watcher.lineSamples, watcher.lags);
    } else {
      await eachParticipant("start", start);
      await eachParticipant("answer", async (participant) => {
        for (let index = 0; index < participant.questions.length; index++) await saveAnswer(participant, index);
      });
      // The network comes back for the whole hall: every outbox flushes its queue in one request.
      reconnectedAt = new Date();
      await phase("reconnect", () => Promise.all(participants.slice(0, RECONNECT_PARTICIPANTS).map(async (participant) => {
        const queued = participant.questions.slice(0, QUEUED_ANSWERS).map((question, index) => ({ question, ...answerTo(participant, index, index + participant.email.length + 1) }));
        const answers = queued.map(({ question, body }, index) => ({ questionId: question.id, ...body, answeredAt: reconnectedAt!.toISOString(), currentQuestionIndex: index, timeLeftSeconds: 1600 }));
        const response = await timed("reconnect", "PUT", `${base}/api/exam/${participant.quizId}/answers/batch`, { cookie: participant.cookie, json: { answers }, paper: participant.paper });
        if (response?.status === 200) for (const { question, given } of queued) if (given !== undefined) participant.sent.set(question.id, given);
      })).then(() => undefined));
      await eachParticipant("submit", submit);
    }
    if (mixed) {
      await phase("alone", async () => {
        for (const participant of alone) {
          await issueSession(participant);
          await start(participant, "start alone");
          for (let index = 0; index < participant.questions.length; index++) await saveAnswer(participant, index, "answer alone");
          await submit(participant, "submit alone");
        }
      });
    }
    const peaks = watcher.peaks;
    await watcher.stop();
    report(phases, peaks);
    if (mixed) {
      const phaseOf = (step: string) => phases.find((phase) => phase.step === step) ?? phases.find((phase) => phase.step === "exam")!;
      const steps = EXAM_DAY ? ["start", "answer", "submit"] : ["start", "answer", "reconnect", "submit"];
      // A step's requests in flight on average: their time over the wall time of their phase.
      const inFlight = (step: string) => timings.filter((timing) => timing.step === step).reduce((total, timing) => total + timing.ms, 0) / phaseOf(step).wallMs;
      reportSideBySide("side by side", steps.map((step) => ({ step, inFlight: inFlight(step) })));
      reportSideBySide("one at a time", ["start", "answer", "submit"].map((step) => ({ step: `${step} alone` })));
    }

    const stored = await verify(databaseUrl, reconnectedAt, everyone, mixed);
    const lost = everyone.length * QUESTIONS - stored.answers;
    const reconnectLost = reconnectedAt ? RECONNECT_PARTICIPANTS * QUEUED_ANSWERS - stored.reconnected : 0;
    console.log(
      `database: ${stored.attempts} attempts, ${stored.submitted} submitted, ${stored.answers} answers stored (${lost} lost)` +
        (reconnectedAt ? `, ${stored.reconnected} of ${RECONNECT_PARTICIPANTS * QUEUED_ANSWERS} queued answers landed` : "") +
        `, ${stored.wrong_scores} scores that disagree with the answers` +
        (mixed ? ` (the mixed paper's recomputed from the answers sent), ${stored.unlike_sent} of its answers stored otherwise than sent` : ""),
    );
    const errors = timings.filter((timing) => !timing.ok).length;
    const answerP99 = percentile(timings.filter((timing) => timing.step === "answer").map((timing) => timing.ms).sort((a, b) => a - b), 99);
    console.log(`${PARTICIPANTS} participants sustained with p99 ${answerP99.toFixed(0)} ms per answer save, ${errors} errors, ${lost + reconnectLost} answers lost`);
    if (errors > 0 || lost !== 0 || reconnectLost !== 0 || stored.wrong_scores !== 0 || stored.unlike_sent !== 0 || stored.submitted !== everyone.length) process.exitCode = 1;
  } finally {
    await undoAll();
  }
}

/**
 * How the hall was let in: the distribution of each participant's wait from the first press of
 * Start, and every 3 s until the last is in, how many were in, the answer saves' p99 in those
 * seconds, the start line's pace at their end (as last scraped), how late the server's event loop
 * ran at worst in them (a request waits as long to be read, which its handler's own timing does
 * not see) and how late this load generator's timers fired at worst in them.
 */
function reportLetIn(began: number, lineSamples: LineSample[], lags: { at: number; ms: number }[]) {
  const letIn = timings.filter((timing) => timing.step === "let in");
  const waits = letIn.map((timing) => timing.ms / 1000).sort((a, b) => a - b);
  console.log(`let in (first press of Start to the start): p50 ${percentile(waits, 50).toFixed(1)} s, p95 ${percentile(waits, 95).toFixed(1)} s, p99 ${percentile(waits, 99).toFixed(1)} s, max ${(waits.at(-1) ?? NaN).toFixed(1)} s, ${letIn.length} of ${PARTICIPANTS}`);
  const lastIn = Math.max(...letIn.map((timing) => timing.at));
  console.log("   t(s)  let in so far  told to wait  saves  saves p99(ms)  pace(/s)  server late p99/max(ms)  bench late(ms)");
  for (let from = began; from <= lastIn + 3000; from += 3000) {
    const within = (sample: { at: number }) => sample.at > from && sample.at <= from + 3000;
    const saves = timings.filter((timing) => timing.step === "answer" && within(timing)).map((timing) => timing.ms).sort((a, b) => a - b);
    const queued = timings.filter((timing) => timing.step === "queued" && within(timing)).length;
    const inSoFar = letIn.filter((timing) => timing.at <= from + 3000).length;
    const pace = lineSamples.findLast((sample) => sample.at <= from + 3000)?.pace;
    const late = lateIn(from, lineSamples, lags);
    console.log(
      [((from + 3000 - began) / 1000).toFixed(0).padStart(7), String(inSoFar).padStart(14), String(queued).padStart(13), String(saves.length).padStart(6), (saves.length ? percentile(saves, 99).toFixed(0) : "-").padStart(14), (pace === undefined ? "-" : pace.toFixed(0)).padStart(9), (pace === undefined ? "-" : `${late.serverP99.toFixed(0)}/${late.serverMax.toFixed(0)}`).padStart(24), late.bench.toFixed(0).padStart(15)].join(" "),
    );
  }
  reportSavesAfterTheHall(lastIn + 3000, lineSamples, lags);
}

/** How late the server's event loop (p99 and max, as scraped) and this load generator's timers ran at worst in the 3 s from `from`. */
function lateIn(from: number, lineSamples: LineSample[], lags: { at: number; ms: number }[]) {
  const within = (sample: { at: number }) => sample.at > from && sample.at <= from + 3000;
  const samples = lineSamples.filter(within);
  return {
    serverP99: Math.max(0, ...samples.map((sample) => sample.serverLateMs.p99)),
    serverMax: Math.max(0, ...samples.map((sample) => sample.serverLateMs.max)),
    bench: Math.max(0, ...lags.filter(within).map((lag) => lag.ms)),
  };
}

/**
 * After the hall is in, the saves the timeline no longer shows: their p99, and the 3 s windows
 * whose p99 passed 150 ms, with how late the server's event loop and this load generator ran in
 * the worst of them (a slow save with neither late waited on the database).
 */
function reportSavesAfterTheHall(from: number, lineSamples: LineSample[], lags: { at: number; ms: number }[]) {
  const saves = timings.filter((timing) => timing.step === "answer" && timing.at > from);
  if (saves.length === 0) return;
  const windows = new Map<number, number[]>();
  for (const save of saves) {
    const window = Math.floor((save.at - from) / 3000);
    const inWindow = windows.get(window);
    if (inWindow) inWindow.push(save.ms);
    else windows.set(window, [save.ms]);
  }
  const p99Of = (ms: number[]) => percentile([...ms].sort((a, b) => a - b), 99);
  const slow = [...windows].map(([window, ms]) => ({ window, p99: p99Of(ms) })).filter(({ p99 }) => p99 > 150).sort((a, b) => b.p99 - a.p99);
  let worst = "";
  if (slow.length > 0) {
    const start = from + slow[0].window * 3000;
    const late = lateIn(start, lineSamples, lags);
    worst = `; the worst ${slow[0].p99.toFixed(0)} ms at t = ${((start - from) / 1000).toFixed(0)} s after, the server's event loop up to ${late.serverMax.toFixed(0)} ms late in it and this load generator's timers ${late.bench.toFixed(0)} ms`;
  }
  console.log(`after the hall was in: ${saves.length} saves, p99 ${p99Of(saves.map((save) => save.ms)).toFixed(0)} ms; 3 s windows with a p99 over 150 ms: ${slow.length} of ${windows.size}${worst}`);
}

/**
 * The two quizzes side by side (--mixed), step by step: each one's latencies and, under load, the
 * requests a second its latency sustains with the step's requests in flight (their number on
 * average over its mean time, by Little's law; in the hall, both quizzes' requests end within the
 * same wall time, so their plain rates are equal by construction). One at a time the rate is only
 * the mean's inverse, and the mean that of a few stalls of a shared machine: the median says it. Then the mixed paper's figures as a share
 * of the single-correct quiz's: within 10 % when none is more than 10 % worse. A percentile is
 * judged only where at least 10 requests of each quiz lie beyond it: the p99 of 500 starts is 5.
 */
function reportSideBySide(title: string, steps: { step: string; inFlight?: number }[]) {
  const PERCENTILES = [50, 95, 99] as const;
  console.log(`${title.padEnd(14)}quiz    requests  errors  p50(ms)  p95(ms)  p99(ms)  mean(ms)    req/s`);
  for (const { step, inFlight } of steps) {
    const figures = (paper: Paper) => {
      const samples = timings.filter((timing) => timing.step === step && timing.paper === paper);
      const sorted = samples.map((timing) => timing.ms).sort((a, b) => a - b);
      const mean = sorted.reduce((total, ms) => total + ms, 0) / sorted.length;
      return { count: sorted.length, errors: samples.filter((timing) => !timing.ok).length, at: PERCENTILES.map((p) => percentile(sorted, p)), mean, rate: inFlight === undefined ? undefined : (inFlight * 1000) / mean };
    };
    const single = figures("single");
    const mixed = figures("mixed");
    for (const [paper, { count, errors, at, mean, rate }] of [["single", single], ["mixed", mixed]] as const) {
      console.log([step.padEnd(13), paper.padEnd(6), String(count).padStart(9), String(errors).padStart(7), ...at.map((ms) => ms.toFixed(1).padStart(8)), mean.toFixed(1).padStart(9), (rate?.toFixed(0) ?? "-").padStart(8)].join(" "));
    }
    const judged = PERCENTILES.flatMap((p, index) => (Math.min(single.count, mixed.count) * (1 - p / 100) >= 10 ? [{ name: `p${p}`, share: mixed.at[index] / single.at[index], worse: mixed.at[index] > 1.1 * single.at[index] }] : []));
    const shares = mixed.rate === undefined || single.rate === undefined ? judged : [...judged, { name: "req/s", share: mixed.rate / single.rate, worse: mixed.rate < 0.9 * single.rate }];
    const unjudged = PERCENTILES.filter((p) => !judged.some((share) => share.name === `p${p}`)).map((p) => `p${p}`);
    console.log(
      `${" ".repeat(14)}mixed as a share of single: ${shares.map(({ name, share }) => `${name} ${(100 * share).toFixed(0)} %`).join(", ")}` +
        (unjudged.length ? ` (${unjudged.join(", ")} not judged: under 10 requests beyond)` : "") +
        (shares.some((share) => share.worse) ? ` NOT within 10 % (${shares.filter((share) => share.worse).map((share) => share.name).join(", ")})` : " within 10 %"),
    );
  }
}

function report(phases: Phase[], peaks: { rssBytes: number; connections: number; activeConnections: number }) {
  // "queued": starts answered 503 with a turn to come back at; "let in": from a participant's first press to its start.
  const steps = (EXAM_DAY ? ["ceiling", "paper", "start", "queued", "let in", "answer", "submit"] : ["login", "ceiling", "paper", "start", "queued", "answer", "reconnect", "submit"]).filter((step) =>
    timings.some((timing) => timing.step === step),
  );
  const phaseOf = (step: string) => phases.find((phase) => phase.step === (step === "queued" ? "start" : step)) ?? phases.find((phase) => phase.step === "exam")!;
  const rate = (step: string) => timings.filter((timing) => timing.step === step).length / (phaseOf(step).wallMs / 1000);
  const ceiling = rate("ceiling");
  console.log("step       requests  errors  wall(s)   req/s  ceiling  p50(ms)  p95(ms)  p99(ms)  CPU ms per request: server  database  bench");
  for (const step of steps) {
    const samples = timings.filter((timing) => timing.step === step);
    const sorted = samples.map((timing) => timing.ms).sort((a, b) => a - b);
    const errors = samples.filter((timing) => !timing.ok).length;
    const { cpuSeconds } = phaseOf(step);
    // Exam-day phases overlap: CPU is only given for the whole exam.
    const cpu = EXAM_DAY && step !== "ceiling" ? [] : [cpuSeconds.server, cpuSeconds.database, cpuSeconds.bench].map((seconds) => ((seconds * 1000) / samples.length).toFixed(2).padStart(8));
    console.log(
      [step.padEnd(10), String(samples.length).padStart(8), String(errors).padStart(7), (phaseOf(step).wallMs / 1000).toFixed(2).padStart(8), rate(step).toFixed(0).padStart(7),
        `${((100 * rate(step)) / ceiling).toFixed(0)}%`.padStart(8), ...[50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8)), " ".repeat(19), ...cpu].join(" "),
    );
  }
  if (EXAM_DAY) {
    const { cpuSeconds, wallMs } = phaseOf("exam");
    console.log(`(exam-day rates are over the whole quiz, paced by think time; its CPU: server ${cpuSeconds.server.toFixed(0)} s, database ${cpuSeconds.database.toFixed(0)} s, bench ${cpuSeconds.bench.toFixed(0)} s in ${(wallMs / 1000).toFixed(0)} s)`);
  }
  for (const [paper, bytes] of Object.entries(startBytes)) {
    console.log(`start response${MIXED ? ` (${paper})` : ""}: ${(bytes.raw / 1024).toFixed(1)} KB of JSON (${(bytes.gzip / 1024).toFixed(1)} KB gzipped)${args.rich ? ", every question with formulas and a diagram" : ""}`);
  }
  if (paperBytes !== undefined) console.log(`exam paper: ${(paperBytes / 1024).toFixed(1)} KB gzipped and sealed, once per participant as the exam page opens`);
  console.log(`server: peak RSS ${(peaks.rssBytes / 2 ** 20).toFixed(0)} MB (Node processes); database: peak ${peaks.connections} connections, ${peaks.activeConnections} active at once`);
}

await run().finally(undoAll);
