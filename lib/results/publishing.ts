import "server-only";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { acceptedRangesOf, attempts, publishedResults, questions, quizQuestions, quizSections, quizzes, resultRows } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { finaliseOverdueAttempts, lastRunningDeadline } from "@/lib/exam";
import { enqueueWithin } from "@/lib/jobs";
import { message } from "@/lib/catalogue";
import { prizeTablesOf } from "@/lib/quizzes";
import { assertNoOpenAppeals } from "@/lib/review";
import { assertKeySettled } from "./answer-key";
import { disqualifiedParticipants, FIRST_PUBLICATION, type FrozenRow, type ResultsBasis } from "./frozen";
import { singleKeyOf, type KeyEntry } from "./key";
import { pseudonymOf } from "./pseudonyms";
import { rankParticipants } from "./ranking";
import { formatFor, serialiseResults, sha256Hex } from "./public-file";
import { resultsFileFromAnswers } from "./results-file";

type Quiz = typeof quizzes.$inferSelect;

/** Which version a publication writes: the first (revision 1), or a revision of the latest. */
type Version = Pick<ResultsBasis, "revision" | "previousDigest" | "reason">;

/** The quiz's final key (its own copy, settled by the objection decisions), marks and prizes. */
async function currentBasis(db: Queryable, quiz: Quiz, version: Version): Promise<ResultsBasis> {
  const [sections, key] = await Promise.all([
    db.select().from(quizSections).where(eq(quizSections.quizId, quiz.id)).orderBy(asc(quizSections.position)),
    db
      .select({
        questionId: quizQuestions.questionId,
        type: questions.answerType,
        option: sql<number | null>`coalesce(${quizQuestions.keyOptionIndex}, ${questions.correctOptionIndex})`,
        options: sql<number[] | null>`coalesce(${quizQuestions.keyOptions}, ${questions.correctOptions})`,
        ranges: sql<string | null>`coalesce(${quizQuestions.keyAnswers}, ${questions.acceptedAnswers})::text`,
        sectionId: quizQuestions.sectionId,
        full: quizQuestions.marksCorrect,
        wrong: quizQuestions.marksWrong,
        dropped: quizQuestions.dropped,
      })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      .where(eq(quizQuestions.quizId, quiz.id))
      .orderBy(asc(quizQuestions.position)),
  ]);
  const sectionIndex = new Map(sections.map((section, index) => [section.id, index]));
  const entries: KeyEntry[] = key.map(({ questionId, type, option, options, ranges, sectionId, full, wrong, dropped }) => ({
    questionId,
    type,
    accepted: type === "single" ? [option!] : type === "multiple" ? options! : acceptedRangesOf(ranges!),
    section: sectionId === null ? null : sectionIndex.get(sectionId)!,
    full,
    wrong,
    dropped,
  }));
  const prizes = (await prizeTablesOf(db, [quiz])).get(quiz.id)!.tiers;
  return {
    quizId: quiz.id,
    ...version,
    marksPerQuestion: quiz.marksPerQuestion,
    wrongAnswerMarks: quiz.wrongAnswerMarks,
    sections: sections.map((section) => ({
      name: section.name,
      nameHi: section.nameHi,
      full: section.marksCorrect,
      wrong: section.marksWrong,
      unanswered: section.marksUnanswered,
      partial: section.marksPartial,
    })),
    key: entries,
    prizes,
  };
}

/**
 * A version computed from the stored answers, the quiz's key and prizes now, and its
 * disqualifications now: its public results file (format 2) and each participant's row under
 * their pseudonym.
 */
export interface ComputedVersion {
  basis: ResultsBasis;
  disqualifiedIds: string[];
  resultsFile: string;
  rows: (FrozenRow & { pseudonym: string })[];
}

export async function computeVersion(db: Queryable, quiz: Quiz, version: Version): Promise<ComputedVersion> {
  const basis = await currentBasis(db, quiz, version);
  const disqualifiedIds = await disqualifiedParticipants(db, quiz.id);
  const { document, participantOf } = await resultsFileFromAnswers(db, basis, disqualifiedIds, (participantId) => pseudonymOf(quiz.id, participantId));
  const rows = document.rows.map((row) => ({
    participantId: participantOf.get(row.pseudonym)!,
    pseudonym: row.pseudonym,
    rank: row.rank,
    score: row.score,
    timeTakenSeconds: row.timeTakenSeconds,
    prizePaise: row.prizePaise,
    freePass: row.freePass,
  }));
  return { basis, disqualifiedIds, resultsFile: serialiseResults(document), rows };
}

/** Keeps each insert well under PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_INSERT = 5_000;

/**
 * Writes a computed version: its results file, whose SHA-256 is its digest, and its rows. Nothing
 * written is ever changed (migrations 0008, 0023).
 */
export async function freeze(tx: DatabaseTransaction, { basis, disqualifiedIds, resultsFile, rows }: ComputedVersion, publishedById: string | null, now: Date) {
  const digest = sha256Hex(resultsFile);
  await tx.insert(publishedResults).values({
    quizId: basis.quizId,
    revision: basis.revision,
    // In the shape its results file states it: a format-2 version's key reads as every earlier one's.
    answerKey: singleKeyOf(basis.key) ?? basis.key,
    prizeTable: basis.prizes,
    marksPerQuestion: basis.marksPerQuestion,
    wrongAnswerMarks: basis.wrongAnswerMarks,
    sections: basis.sections,
    disqualifiedIds,
    digest,
    digestFormat: formatFor(basis),
    resultsFile,
    previousDigest: basis.previousDigest,
    reason: basis.reason,
    publishedById,
    publishedAt: now,
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(resultRows).values(rows.slice(start, start + ROWS_PER_INSERT).map((row) => ({ quizId: basis.quizId, revision: basis.revision, ...row })));
  }
  return { revision: basis.revision, digest, participants: rows.length, winners: rows.filter((row) => row.prizePaise > 0 || row.freePass).length };
}

/**
 * Makes a quiz's official results public and final. Only once nobody can still be answering (a
 * late starter has until their own deadline), the objection window has closed with every
 * objection decided, and no disqualification appeal is open. Overdue attempts are submitted
 * first; then, in one transaction, the ranking is recomputed from the stored answers and the
 * final key and written as the public results file with its digest and the frozen rows. Then
 * every participant is told the digest and their pseudonym. Publishing again changes nothing.
 */
export const publishResults = service("results.publish", async (admin, quizId: string, now: Date = new Date()): Promise<void> => {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  if (quiz.resultsPublishedAt) return;
  if (now < quiz.examEndAt) throw new Conflict(message("resultsAfterWindow"));
  const running = await lastRunningDeadline(db, quizId, now);
  if (running) throw new Conflict(message("resultsWaitForAttempts", { lastDeadline: running }));
  await assertKeySettled(db, quiz, now);
  await assertNoOpenAppeals(db, quizId);
  await finaliseOverdueAttempts(admin, { quizId, now });
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    if (locked.resultsPublishedAt) return;
    // Locking the quiz first keeps a disqualification or an appeal from slipping in meanwhile.
    await assertKeySettled(tx, locked, now);
    await assertNoOpenAppeals(tx, quizId);
    const frozen = await freeze(tx, await computeVersion(tx, locked, FIRST_PUBLICATION), admin.id || null, now);
    await tx.update(quizzes).set({ resultsPublishedAt: now }).where(eq(quizzes.id, quizId));
    await recordAudit(tx, admin, { action: "results.publish", subjectType: "quiz", subjectId: quizId, before: null, after: frozen });
    // In the same transaction: told exactly when published. The job tells 20,000 participants without holding this request.
    await enqueueWithin(tx, "results.announce", { quizId, revision: FIRST_PUBLICATION.revision });
  });
});

/** What publishing a quiz's results now would publish, as the admin confirms it. */
export interface PublicationPreview {
  title: string;
  /** The participants it ranks: every submitted attempt but the disqualified. */
  ranked: number;
  /** The cash prizes it pays in all, in paise. */
  prizePaise: number;
  /** The participants it gives a free pass to a later quiz. */
  freePasses: number;
}

/**
 * The counts the "Publish results" confirmation names, ranked as the publication ranks (the tie
 * rule, the quiz's prize table) from each submitted attempt's stored score, which the key's
 * publication and every decision on it keep current: a read of one row per participant, never
 * the scoring of every answer sheet that publishing itself does.
 */
export const publicationPreview = service("results.publish", async (_admin, quizId: string): Promise<PublicationPreview> => {
  const db = await getDb();
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, quizId));
  if (!quiz) throw new NotFound(message("quizNotFound"));
  const [submitted, tables] = await Promise.all([
    db
      .select({ participantId: attempts.participantId, score: attempts.score, timeTakenSeconds: attempts.timeTakenSeconds, submittedAt: attempts.submittedAt })
      .from(attempts)
      .where(and(eq(attempts.quizId, quizId), isNotNull(attempts.submittedAt), isNull(attempts.disqualifiedAt))),
    prizeTablesOf(db, [quiz]),
  ]);
  const ranked = rankParticipants(
    submitted.map((row) => ({ participantId: row.participantId, score: row.score ?? 0, timeTakenSeconds: row.timeTakenSeconds ?? 0, submittedAt: row.submittedAt! })),
    tables.get(quiz.id)!.tiers,
  );
  return {
    title: quiz.title,
    ranked: ranked.length,
    prizePaise: ranked.reduce((total, row) => total + row.prizePaise, 0),
    freePasses: ranked.filter((row) => row.freePass).length,
  };
});
