import "server-only";
import { requestSession, signValue, type Session } from "@/lib/auth";
import { examRefusalMessage, message, refusalOf } from "@/lib/catalogue";
import { config } from "@/lib/config";
import { connectDatabase } from "@/lib/db";
import { Forbidden, Invalid, NotFound, Unauthenticated, Unavailable } from "@/lib/errors";
import { PLACE_IN_LINE_HEADER, type LineRequest } from "@/lib/http";
import { quizParams } from "@/lib/quizzes/schemas";
import { admission, type Caller } from "./admission";
import { entryRefusal, examStartPace } from "./service";

const START_LINE_KEY = Symbol.for("olympiad.examStartLine");
/**
 * The furthest off a start's turn is set: a participant further back comes back then and is told
 * again, in the same place, from the line as it is by then (lib/exam/admission.ts).
 */
const START_TURN_HORIZON_SECONDS = 20;
const lineHolder = globalThis as typeof globalThis & { [START_LINE_KEY]?: ReturnType<typeof admission> };

/** One line per process: in a build, the door and the start route are separate module copies that must share it. */
const startLine = (lineHolder[START_LINE_KEY] ??= admission({
  limit: config.competition.startsAtOnce,
  pace: examStartPace(),
  maxWaitSeconds: config.competition.startQueueSeconds,
  holdAtMost: config.competition.startsHeld,
  ceiling: config.competition.startsPerSecond,
  horizonSeconds: START_TURN_HORIZON_SECONDS,
  refusal: (seconds, place) => new Unavailable(message("examStartQueue", { seconds }), seconds, place),
  // From the secret every instance shares for sessions: a place one instance gave, the others honour.
  key: Buffer.from(signValue("exam start places"), "base64url"),
}));

/**
 * The line an instance's exam starts wait in: a few at a time, so a hall pressing Start at once
 * costs the database nothing until its turn, and a start told to come back costs this instance
 * almost nothing. Under `npm start` it stands in front of Next (lib/http/front-door.ts, opened by
 * lib/server); the start route's `admittedBy` is the same line for a request that did not come
 * through that door (`next dev`, tests).
 *
 * Only a participant stands in it. A start without a session is answered 401 before the line, from
 * the cookie alone (no database). A place is given only to a session that still counts, for a quiz
 * its participant may start now (entry verified, window open) or has an attempt in: one batched
 * read says so (`mayHoldAPlace`), asked only when a place is to be given, so a hall's presses let
 * straight in, and its refused coming back with their places, cost no more than before. Anyone
 * else is answered as the start itself would answer them (401, 403 or 404), and takes no place.
 */
export async function examStartLine<T>(work: () => Promise<T>, request: LineRequest): Promise<T> {
  const session = await requestSession(request);
  if (!session) throw new Unauthenticated();
  const quizId = String(request.params.quizId ?? "");
  const caller: Caller = { id: `${session.userId}/${quizId}`, mayHoldAPlace: () => mayHoldAPlace(session, quizId) };
  return startLine(work, caller, request.headers.get(PLACE_IN_LINE_HEADER) ?? undefined);
}

const EXAM_START_PATH = /^\/api\/exam\/([^/?]+)\/start(?:\?|$)/;

/** The segments of an exam start (POST /api/exam/{quizId}/start), which waits in the start line; undefined for any other request. */
export function examStartSegments(method: string | undefined, url: string | undefined): { quizId: string } | undefined {
  const quizId = method === "POST" && url !== undefined ? EXAM_START_PATH.exec(url)?.[1] : undefined;
  if (quizId === undefined) return undefined;
  try {
    return { quizId: decodeURIComponent(quizId) };
  } catch {
    // As Next hands a route a segment that does not decode: as sent, for the quiz id's schema to refuse.
    return { quizId };
  }
}

interface PlaceAsked {
  session: Session;
  quizId: string;
  answer: (refusal: Error | undefined) => void;
}

/** The places asked for since the last read: one read answers all of them (a hall's presses arrive thousands a second). */
let asked: PlaceAsked[] = [];

function mayHoldAPlace(session: Session, quizId: string): Promise<void> {
  const parsed = quizParams.safeParse({ quizId });
  if (!parsed.success) return Promise.reject(new Invalid(refusalOf(parsed.error)));
  return new Promise((resolve, reject) => {
    if (asked.push({ session, quizId, answer: (refusal) => (refusal ? reject(refusal) : resolve()) }) === 1) setImmediate(answerAsked);
  });
}

/**
 * For each asked: whether the session still counts (the user exists, not deleted, the cookie's
 * session version), the quiz (never the demo) and what of it decides who may start, whether the
 * participant has an attempt, and whether their entry is verified: the checks of migration 0030's
 * `start_exam`, read for many callers in one statement.
 */
const MAY_HOLD_A_PLACE = `
  select asked.n, u.id is not null as member, q.id is not null as found, q.contest_model, q.entry_fee_paise, q.exam_start_at, q.exam_end_at,
    a.id is not null as started,
    exists (
      select 1 from public.transactions t
      where t.user_id = asked.user_id and t.quiz_id = asked.quiz_id and t.type = 'form pay' and t.status = 'verified'
    ) as entered
  from unnest($1::uuid[], $2::integer[], $3::uuid[]) with ordinality as asked (user_id, session_version, quiz_id, n)
  left join public.users u on u.id = asked.user_id and u.deleted_at is null and u.session_version = asked.session_version
  left join public.quizzes q on q.id = asked.quiz_id and not q.is_demo
  left join public.attempts a on a.quiz_id = asked.quiz_id and a.participant_id = asked.user_id`;

interface PlaceRow {
  n: string;
  member: boolean;
  found: boolean;
  contest_model: "free_entry" | "paid_certificates" | "paid_cash" | null;
  entry_fee_paise: number | null;
  exam_start_at: Date | null;
  exam_end_at: Date | null;
  started: boolean;
  entered: boolean;
}

async function answerAsked(): Promise<void> {
  const batch = asked;
  asked = [];
  try {
    const { pool } = await connectDatabase();
    const { rows } = await pool.query<PlaceRow>({
      name: "exam.start-line-places",
      text: MAY_HOLD_A_PLACE,
      values: [batch.map(({ session }) => session.userId), batch.map(({ session }) => session.sessionVersion), batch.map(({ quizId }) => quizId)],
    });
    const now = new Date();
    for (const row of rows) batch[Number(row.n) - 1].answer(placeRefusal(row, now));
  } catch (error) {
    for (const { answer } of batch) answer(error instanceof Error ? error : new Error(String(error)));
  }
}

/** The start's own answer to a caller who may not hold a place, or undefined when they may. */
function placeRefusal(row: PlaceRow, now: Date): Error | undefined {
  if (!row.member) return new Unauthenticated();
  if (!row.found) return new NotFound(examRefusalMessage({ reason: "no-quiz" }));
  // A participant with an attempt is let in to go on with it, or to see it submitted.
  if (row.started) return undefined;
  const quiz = { contestModel: row.contest_model!, entryFeePaise: row.entry_fee_paise!, examStartAt: new Date(row.exam_start_at!), examEndAt: new Date(row.exam_end_at!) };
  const refusal = entryRefusal(quiz, null, row.entered, now);
  return refusal && new Forbidden(examRefusalMessage(refusal));
}
