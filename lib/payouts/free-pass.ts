import "server-only";
import { and, eq } from "drizzle-orm";
import { attempts, currentPublishedResults, currentResultRows, freePassRedemptions, transactions } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, PostgresError, postgresErrorCode } from "@/lib/db";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { message } from "@/lib/catalogue";
import { changeBalance, lockWallet } from "@/lib/wallet";
import { claimDeadline } from "./claims";

const FREE_PASS_REASON = "freePassCredit";

/**
 * A free-pass prize of the current version of the results becomes one entry fee (the configured
 * fee) in the winner's wallet, which pays the next quiz: once per quiz and participant (the
 * redemption's primary key), whatever revisions follow, within the claim period, never for a
 * disqualified attempt. A wallet credit rather than a waiver tied to one quiz, so the winner picks the quiz.
 */
export const redeemFreePass = service("prizes.claim", async (actor, quizId: string, now: Date = new Date()) => {
  authorize(actor, "prizes.claim", actor.id);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ revision: currentResultRows.revision, freePass: currentResultRows.freePass, publishedAt: currentPublishedResults.publishedAt, disqualifiedAt: attempts.disqualifiedAt })
        .from(currentResultRows)
        .innerJoin(currentPublishedResults, eq(currentPublishedResults.quizId, currentResultRows.quizId))
        .leftJoin(attempts, and(eq(attempts.quizId, currentResultRows.quizId), eq(attempts.participantId, currentResultRows.participantId)))
        .where(and(eq(currentResultRows.quizId, quizId), eq(currentResultRows.participantId, actor.id)));
      if (!row?.freePass) throw new NotFound(message("noFreePass"));
      if (row.disqualifiedAt) throw new Forbidden(message("prizeDisqualified"));
      if (now > claimDeadline(row.publishedAt)) throw new Forbidden(message("claimPeriodOver", { days: config.payouts.claimDays }));
      await lockWallet(tx, actor.id);
      const amountPaise = config.competition.entryFeePaise;
      const [credit] = await tx
        .insert(transactions)
        .values({ userId: actor.id, quizId, type: "credit", mode: "wallet", status: "verified", amountPaise, reason: FREE_PASS_REASON, reviewedAt: now, createdAt: now })
        .returning({ id: transactions.id });
      await tx.insert(freePassRedemptions).values({ quizId, revision: row.revision, participantId: actor.id, transactionId: credit.id, redeemedAt: now });
      await changeBalance(tx, actor.id, amountPaise);
      return { amountPaise };
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation) throw new Conflict(message("freePassAlreadyRedeemed"));
    throw error;
  }
});
