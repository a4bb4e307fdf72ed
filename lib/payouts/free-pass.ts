import "server-only";
import { and, asc, eq, gte, isNull } from "drizzle-orm";
import { attempts, currentPublishedResults, currentResultRows, freePassRedemptions, quizzes } from "@/db/schema";
import { step } from "@/lib/auth";
import { config } from "@/lib/config";
import { PostgresError, postgresErrorCode, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { claimDeadline, claimsOpenSince } from "./claims";

/**
 * A free-pass prize is entry credit, not cash (issue 52): it pays the entry fee of one later quiz,
 * whatever that quiz's own fee, and is never a wallet credit, so it can never be withdrawn. The
 * entry-fee row it pays (lib/payments payEntryFeeWithFreePass) is booked as a prize in kind, and
 * its redemption names that row: once per quiz and participant (the redemption's primary key),
 * whatever revisions follow, within the claim period, never for a disqualified attempt.
 */

/**
 * The free passes a participant holds now, oldest first: a free pass in the current version of
 * a quiz's results, not disqualified, not used, claim period still open. Shown apart from the
 * wallet's balance, which they never join.
 */
export const freePassesOf = step(async (db: Queryable, participantId: string, now: Date = new Date()) => {
  const publishedSince = claimsOpenSince(now);
  const rows = await db
    .select({ quizId: currentResultRows.quizId, title: quizzes.title, titleHi: quizzes.titleHi, publishedAt: currentPublishedResults.publishedAt })
    .from(currentResultRows)
    .innerJoin(currentPublishedResults, eq(currentPublishedResults.quizId, currentResultRows.quizId))
    .innerJoin(quizzes, eq(quizzes.id, currentResultRows.quizId))
    .leftJoin(attempts, and(eq(attempts.quizId, currentResultRows.quizId), eq(attempts.participantId, currentResultRows.participantId)))
    .leftJoin(freePassRedemptions, and(eq(freePassRedemptions.quizId, currentResultRows.quizId), eq(freePassRedemptions.participantId, currentResultRows.participantId)))
    .where(
      and(
        eq(currentResultRows.participantId, participantId),
        eq(currentResultRows.freePass, true),
        isNull(attempts.disqualifiedAt),
        isNull(freePassRedemptions.quizId),
        gte(currentPublishedResults.publishedAt, publishedSince),
      ),
    )
    .orderBy(asc(currentPublishedResults.publishedAt), asc(currentResultRows.quizId));
  return rows.map(({ quizId, title, titleHi, publishedAt }) => ({ quizId, title, titleHi, usableUntil: claimDeadline(publishedAt) }));
});

/**
 * Spends the participant's free pass won in `wonQuizId` on the entry-fee row `entryFeeId`, in the
 * caller's transaction: refused when there is no such pass, the attempt was disqualified, the
 * claim period is over, or the pass was used already (also when two uses race: the primary key).
 */
export const spendFreePass = step(async (tx: DatabaseTransaction, participantId: string, wonQuizId: string, entryFeeId: string, now: Date) => {
  const [row] = await tx
    .select({ revision: currentResultRows.revision, freePass: currentResultRows.freePass, publishedAt: currentPublishedResults.publishedAt, disqualifiedAt: attempts.disqualifiedAt })
    .from(currentResultRows)
    .innerJoin(currentPublishedResults, eq(currentPublishedResults.quizId, currentResultRows.quizId))
    .leftJoin(attempts, and(eq(attempts.quizId, currentResultRows.quizId), eq(attempts.participantId, currentResultRows.participantId)))
    .where(and(eq(currentResultRows.quizId, wonQuizId), eq(currentResultRows.participantId, participantId)));
  if (!row?.freePass) throw new NotFound(message("noFreePass"));
  if (row.disqualifiedAt) throw new Forbidden(message("prizeDisqualified"));
  if (now > claimDeadline(row.publishedAt)) throw new Forbidden(message("claimPeriodOver", { days: config.payouts.claimDays }));
  try {
    await tx.insert(freePassRedemptions).values({ quizId: wonQuizId, revision: row.revision, participantId, transactionId: entryFeeId, redeemedAt: now });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation) throw new Conflict(message("freePassAlreadyRedeemed"));
    throw error;
  }
});
