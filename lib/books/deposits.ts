import "server-only";
import { sql } from "drizzle-orm";
import { taxDeposits } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { service } from "@/lib/auth";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type Queryable } from "@/lib/db";
import { Conflict, Invalid } from "@/lib/errors";
import { message, refusalOf } from "@/lib/catalogue";
import { formatRupeesWithSymbol, rupeesToPaise } from "@/lib/money";
import { financialQuarter, indiaDay, periodStart, taxDepositSchema, type TaxDepositInput } from "./schemas";
import { taxPayablePaise } from "./trial-balance";

/** When tax was first withheld from a prize (its payment): there was no tax to deposit before. */
async function firstTaxWithheldAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.execute<{ at: string | null }>(sql`
    select min(e.posted_at) as at from public.journal_lines l join public.journal_entries e on e.id = l.entry_id
    where l.account = 'tax_payable' and l.amount_paise < 0`);
  return rows[0].at === null ? null : new Date(rows[0].at);
}

/** Whether the challan is recorded, also as a reference stored before they were normalised (with spaces or hyphens). */
async function challanRecorded(db: Queryable, reference: string): Promise<boolean> {
  const { rows } = await db.execute<{ recorded: boolean }>(sql`select exists (select 1 from public.tax_deposits where regexp_replace(upper(challan_reference), '[[:space:]-]+', '', 'g') = ${reference}) as recorded`);
  return rows[0].recorded;
}

/**
 * An admin records tax withheld that was deposited with the government (a challan): the
 * database posts tax_payable against bank in the same transaction. Never more than the tax
 * payable now (deposits are taken one at a time, so two at once cannot together exceed it), never
 * dated in the future or before tax was first withheld from a prize, for a quarter that has begun
 * and did not end before then; one record per challan, however its reference is spaced or cased.
 * Audited as tax.deposit.
 */
export const recordTaxDeposit = service("books.record", async (actor, given: TaxDepositInput, now: Date = new Date()) => {
  // Parsed again here (idempotent), so a caller other than the route stores the same normalised, valid values.
  const parsed = taxDepositSchema.safeParse(given);
  if (!parsed.success) throw new Invalid(refusalOf(parsed.error));
  const input = parsed.data;
  if (input.depositedOn > indiaDay(now)) throw new Invalid(message("taxDepositDateFuture"));
  if (periodStart(input.period) > indiaDay(now)) throw new Invalid(message("taxDepositPeriodFuture", { period: input.period }));
  const amountPaise = rupeesToPaise(input.amount);
  const db = await getDb();
  const firstWithheld = await firstTaxWithheldAt(db);
  if (firstWithheld) {
    const firstDay = indiaDay(firstWithheld);
    if (input.depositedOn < firstDay) throw new Invalid(message("taxDepositDateBeforeTax", { withheld: firstWithheld }));
    if (periodStart(input.period) < periodStart(financialQuarter(firstDay))) throw new Invalid(message("taxDepositPeriodBeforeTax", { period: input.period, withheld: firstWithheld }));
  }
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('olympiad.tax_deposits'))`);
      if (await challanRecorded(tx, input.challanReference)) throw new Conflict(message("challanAlreadyRecorded"));
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
