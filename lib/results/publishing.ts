import "server-only";
import { eq, sql } from "drizzle-orm";
import { publishedResults, quizzes, resultRows } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { assertKeySettled, assertNoOpenAppeals, finaliseOverdueAttempts, lastRunningDeadline } from "@/lib/exam";
import { enqueue } from "@/lib/jobs";
import { message } from "@/lib/messages";
import { FIRST_PUBLICATION, type KeyEntry, type ResultsBasis } from "./frozen";
import { prizeTablesOf } from "./prizes";
import { pseudonymOf } from "./pseudonyms";
import { serialiseResults, sha256Hex } from "./public-file";
import { resultsFileFromAnswers } from "./results-file";

type Quiz = typeof quizzes.$inferSelect;

/** The quiz's final key (its own copy, settled by the objection decisions), marks and prizes. */
async function currentBasis(db: Queryable, quiz: Quiz): Promise<ResultsBasis> {
  const key = await db.execute<{ question_id: string; correct_option_index: number; dropped: boolean }>(sql`
    select qq.question_id, coalesce(qq.key_option_index, q.correct_option_index) as correct_option_index, qq.dropped
    from quiz_questions qq join questions q on q.id = qq.question_id
    where qq.quiz_id = ${quiz.id}
    order by qq.position`);
  const entries: KeyEntry[] = key.rows.map((row) => ({ questionId: row.question_id, correctOptionIndex: row.correct_option_index, dropped: row.dropped }));
  const prizes = (await prizeTablesOf(db, [quiz])).get(quiz.id)!.tiers;
  return { quizId: quiz.id, ...FIRST_PUBLICATION, marksPerQuestion: quiz.marksPerQuestion, key: entries, prizes };
}

/** Keeps each insert well under PostgreSQL's 65,535 bind parameters. */
const ROWS_PER_INSERT = 5_000;

/**
 * Writes the public results file (format 2) recomputed from the stored answers, its digest, and
 * each participant's row under their pseudonym.
 */
async function freeze(tx: DatabaseTransaction, quiz: Quiz, publishedById: string | null, now: Date) {
  const basis = await currentBasis(tx, quiz);
  const { document, participantOf } = await resultsFileFromAnswers(tx, basis, (participantId) => pseudonymOf(quiz.id, participantId));
  const resultsFile = serialiseResults(document);
  const digest = sha256Hex(resultsFile);
  await tx.insert(publishedResults).values({
    quizId: quiz.id,
    answerKey: basis.key,
    prizeTable: basis.prizes,
    marksPerQuestion: basis.marksPerQuestion,
    digest,
    digestFormat: 2,
    resultsFile,
    publishedById,
    publishedAt: now,
  });
  const rows = document.rows.map((row) => ({
    quizId: quiz.id,
    participantId: participantOf.get(row.pseudonym)!,
    pseudonym: row.pseudonym,
    rank: row.rank,
    score: row.score,
    timeTakenSeconds: row.timeTakenSeconds,
    prizePaise: row.prizePaise,
    freePass: row.freePass,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await tx.insert(resultRows).values(rows.slice(start, start + ROWS_PER_INSERT));
  }
  return { digest, participants: rows.length, winners: rows.filter((row) => row.prizePaise > 0 || row.freePass).length };
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
  if (now < quiz.examEndAt) throw new Conflict("Results can be published once the exam window has closed.");
  const running = await lastRunningDeadline(db, quizId, now);
  if (running) throw new Conflict(message("resultsWaitForAttempts", { lastDeadline: running }));
  await assertKeySettled(db, quiz, now);
  await assertNoOpenAppeals(db, quizId);
  await finaliseOverdueAttempts(admin, { quizId, now });
  const published = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    if (locked.resultsPublishedAt) return false;
    // Locking the quiz first keeps a disqualification or an appeal from slipping in meanwhile.
    await assertKeySettled(tx, locked, now);
    await assertNoOpenAppeals(tx, quizId);
    const frozen = await freeze(tx, locked, admin.id || null, now);
    await tx.update(quizzes).set({ resultsPublishedAt: now }).where(eq(quizzes.id, quizId));
    await recordAudit(tx, admin, { action: "results.publish", subjectType: "quiz", subjectId: quizId, before: null, after: frozen });
    return true;
  });
  // After the commit, so nobody hears of results that were rolled back; the job tells 20,000 participants without holding this request.
  if (published) await enqueue("results.announce", { quizId });
});
