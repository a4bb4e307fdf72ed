import "server-only";
import { sql } from "drizzle-orm";
import { taxDeposits } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint } from "@/lib/db";
import { Conflict, Invalid } from "@/lib/errors";
import { message, refusalOf } from "@/lib/catalogue";
import { formatRupeesWithSymbol, rupeesToPaise } from "@/lib/money";
import { indiaDay, taxDepositSchema, type TaxDepositInput } from "./schemas";
import { taxPayablePaise } from "./trial-balance";

/**
 * An admin records tax withheld that was deposited with the government (a challan): the
 * database posts tax_payable against bank in the same transaction. Never more than the tax
 * payable now (deposits are taken one at a time, so two at once cannot together exceed it), never
 * dated in the future, one record per challan. Audited as tax.deposit.
 */
export const recordTaxDeposit = service("books.record", async (actor, given: TaxDepositInput, now: Date = new Date()) => {
  // Parsed again here (idempotent), so a caller other than the route stores the same normalised, valid values.
  const parsed = taxDepositSchema.safeParse(given);
  if (!parsed.success) throw new Invalid(refusalOf(parsed.error));
  const input = parsed.data;
  if (input.depositedOn > indiaDay(now)) throw new Invalid(message("taxDepositDateFuture"));
  const amountPaise = rupeesToPaise(input.amount);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('olympiad.tax_deposits'))`);
      const payable = await taxPayablePaise(tx);
      if (amountPaise > payable) throw new Conflict(message("taxDepositTooLarge", { amount: formatRupeesWithSymbol(amountPaise), payable: formatRupeesWithSymbol(payable) }));
      const [deposit] = await tx
        .insert(taxDeposits)
        .values({ amountPaise, challanReference: input.challanReference, depositedOn: input.depositedOn, period: input.period, recordedById: actor.id || null, recordedAt: now })
        .returning();
      await recordAudit(tx, actor, {
        action: "tax.deposit",
        subjectType: "tax_deposit",
        subjectId: deposit.id,
        before: { taxPayablePaise: payable },
        after: { amountPaise, challanReference: deposit.challanReference, depositedOn: deposit.depositedOn, period: deposit.period, taxPayablePaise: payable - amountPaise },
      });
      return deposit;
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation && violatedConstraint(error) === "tax_deposits_challan_unique") throw new Conflict(message("challanAlreadyRecorded"));
    throw error;
  }
});
