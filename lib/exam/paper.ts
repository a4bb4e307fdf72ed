import "server-only";
import { createCipheriv, randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { quizzes, type RenderedWording } from "@/db/schema";
import { sessionService, signValue } from "@/lib/auth";
import { getDb } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { questionBank } from "./question-bank";

/** The rendered texts of a quiz's questions that have any, in the bank's option order, by question id. */
export interface ExamPaper {
  version: number;
  questions: Record<string, { en: RenderedWording | null; hi: RenderedWording | null }>;
}

interface ServedPaper {
  version: number;
  /** The paper's JSON, gzipped, then sealed with the version's key: 12 bytes of IV, then AES-256-GCM's ciphertext and tag. Null when no question is rendered. */
  sealed: Buffer | null;
  loadedAt: number;
}

/**
 * The key a quiz's paper of one version is sealed with, derived from the app's secret (so every
 * instance has it without storing it): sent in a participant's start response, never before.
 */
export function paperKey(quizId: string, version: number): string {
  return signValue("exam-paper-key", quizId, String(version));
}

/** A few quizzes' papers: each is the same bytes for every participant, so it is built, compressed and sealed once. */
const MAX_PAPERS = 16;
/** A paper asked for without a version is taken as current for this long (its questions can change only before anyone starts). */
const FRESH_MS = 5_000;
const served = new Map<string, ServedPaper>();

function sealed(quizId: string, version: number, bank: Awaited<ReturnType<typeof questionBank>>): Buffer | null {
  const questions: ExamPaper["questions"] = {};
  for (const question of bank) {
    if (question.html || question.hi?.html) questions[question.id] = { en: question.html, hi: question.hi?.html ?? null };
  }
  if (Object.keys(questions).length === 0) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(paperKey(quizId, version), "base64url"), iv);
  const gzip = gzipSync(JSON.stringify({ version, questions } satisfies ExamPaper));
  return Buffer.concat([iv, cipher.update(gzip), cipher.final(), cipher.getAuthTag()]);
}

/**
 * The formulas, diagrams, tables and lists of a quiz's questions, rendered when they were saved,
 * as one sealed document that is the same for every participant: the exam page fetches it when it
 * opens, before Start, so a hall pressing Start at once asks only for the start, whose response
 * carries the key (and says which options of each question are where). Sealed, it shows nothing
 * of a paid quiz's questions to whoever fetches it early. `version`: the one the start named;
 * without it, or when it is not the quiz's, the paper as it is now (whose `version` says which).
 */
export const examPaper = sessionService("exam.take", async (_session, quizId: string, version?: number): Promise<ServedPaper> => {
  const current = (paper: ServedPaper | undefined) => paper && (version === undefined ? Date.now() - paper.loadedAt < FRESH_MS : paper.version === version);
  const cached = served.get(quizId);
  if (current(cached)) return cached!;
  // A hall opening the page at once waits for one build of the paper, not one each.
  const inFlight = loading.get(quizId);
  if (inFlight && current(await inFlight)) return inFlight;
  const load = loadPaper(quizId).finally(() => loading.delete(quizId));
  loading.set(quizId, load);
  return load;
});

const loading = new Map<string, Promise<ServedPaper>>();

async function loadPaper(quizId: string): Promise<ServedPaper> {
  const db = await getDb();
  const [quiz] = await db.select({ id: quizzes.id, questionsVersion: quizzes.questionsVersion }).from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  // Sealed again only for a new version of the questions: a version asked for that is not the
  // quiz's (made up, say) is answered with the paper already sealed, and costs one small read.
  const known = served.get(quizId);
  const paper = {
    version: quiz.questionsVersion,
    sealed: known?.version === quiz.questionsVersion ? known.sealed : sealed(quiz.id, quiz.questionsVersion, await questionBank(db, quiz)),
    loadedAt: Date.now(),
  };
  served.delete(quizId);
  served.set(quizId, paper);
  if (served.size > MAX_PAPERS) served.delete(served.keys().next().value!);
  return paper;
}
