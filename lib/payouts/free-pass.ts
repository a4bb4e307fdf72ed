import "server-only";
import { and, eq } from "drizzle-orm";
import { attempts, freePassRedemptions, publishedResults, resultRows, transactions } from "@/db/schema";
import { authorize, service } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, PostgresError, postgresErrorCode } from "@/lib/db";
import { Conflict, Forbidden, NotFound } from "@/lib/errors";
import { message } from "@/lib/messages";
import { changeBalance, lockWallet } from "@/lib/wallet";
import { claimDeadline } from "./claims";

export const FREE_PASS_REASON = "freePassCredit";

/**
 * A free-pass prize becomes one entry fee (the configured fee) in the winner's wallet, which pays
 * the next quiz: once per result row (its primary key), within the claim period, never for a
 * disqualified attempt. A wallet credit rather than a waiver tied to one quiz, so the winner picks the quiz.
 */
export const redeemFreePass = service("prizes.claim", async (actor, quizId: string, now: Date = new Date()) => {
  authorize(actor, "prizes.claim", actor.id);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ freePass: resultRows.freePass, publishedAt: publishedResults.publishedAt, disqualifiedAt: attempts.disqualifiedAt })
        .from(resultRows)
        .innerJoin(publishedResults, eq(publishedResults.quizId, resultRows.quizId))
        .leftJoin(attempts, and(eq(attempts.quizId, resultRows.quizId), eq(attempts.participantId, resultRows.participantId)))
        .where(and(eq(resultRows.quizId, quizId), eq(resultRows.participantId, actor.id)));
      if (!row?.freePass) throw new NotFound(message("noFreePass"));
      if (row.disqualifiedAt) throw new Forbidden(message("prizeDisqualified"));
      if (now > claimDeadline(row.publishedAt)) throw new Forbidden(message("claimPeriodOver", { days: config.payouts.claimDays }));
      await lockWallet(tx, actor.id);
      const amountPaise = config.competition.entryFeePaise;
      const [credit] = await tx
        .insert(transactions)
        .values({ userId: actor.id, quizId, type: "credit", mode: "wallet", status: "verified", amountPaise, reason: FREE_PASS_REASON, reviewedAt: now, createdAt: now })
        .returning({ id: transactions.id });
      await tx.insert(freePassRedemptions).values({ quizId, participantId: actor.id, transactionId: credit.id, redeemedAt: now });
      await changeBalance(tx, actor.id, amountPaise);
      return { amountPaise };
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation) throw new Conflict(message("freePassAlreadyRedeemed"));
    throw error;
  }
});
