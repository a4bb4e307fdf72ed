import "server-only";
import { and, desc, eq, gte, lt } from "drizzle-orm";
import { attempts, freePassRedemptions, prizeClaims, publishedResults, quizzes, resultRows, transactions, users } from "@/db/schema";
import { assertOldEnough } from "@/lib/accounts";
import { recordAudit } from "@/lib/audit";
import { authorize, service, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type Queryable } from "@/lib/db";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { message } from "@/lib/messages";
import { claimSchema, maskAccount, maskPan, taxOn, type ClaimInput, type PayoutAccount } from "./schemas";
import { assertSealingConfigured, claimContext, open, seal } from "./sealed";

const DAY_MS = 86_400_000;

/** The ledger's reasons for a paid claim (spelt out by the wallet's labels as "Prize payout", "Prize tax withheld"). */
export const PAYOUT_REASONS = { payout: "prizePayout", tax: "prizeTaxWithheld" } as const;

/** A winner's frozen row with what decides whether it may be paid. */
async function winnerRow(db: Queryable, quizId: string, participantId: string) {
  const [row] = await db
    .select({
      quizId: resultRows.quizId,
      participantId: resultRows.participantId,
      title: quizzes.title,
      rank: resultRows.rank,
      prizePaise: resultRows.prizePaise,
      freePass: resultRows.freePass,
      publishedAt: publishedResults.publishedAt,
      disqualifiedAt: attempts.disqualifiedAt,
      dateOfBirth: users.dateOfBirth,
      name: users.name,
    })
    .from(resultRows)
    .innerJoin(publishedResults, eq(publishedResults.quizId, resultRows.quizId))
    .innerJoin(quizzes, eq(quizzes.id, resultRows.quizId))
    .innerJoin(users, eq(users.id, resultRows.participantId))
    .leftJoin(attempts, and(eq(attempts.quizId, resultRows.quizId), eq(attempts.participantId, resultRows.participantId)))
    .where(and(eq(resultRows.quizId, quizId), eq(resultRows.participantId, participantId)));
  return row;
}

type WinnerRow = NonNullable<Awaited<ReturnType<typeof winnerRow>>>;

export function claimDeadline(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + config.payouts.claimDays * DAY_MS);
}

/** Checked at the claim and again at approval and payment: a cash prize, not disqualified, 18 or over. */
function assertPayable(row: WinnerRow | undefined, now: Date): asserts row is WinnerRow {
  if (!row || row.prizePaise <= 0) throw new NotFound(message("noCashPrize"));
  if (row.disqualifiedAt) throw new Forbidden(message("prizeDisqualified"));
  assertOldEnough(row.dateOfBirth, config.competition.minimumAge, now);
}

function claimView(claim: typeof prizeClaims.$inferSelect) {
  return {
    id: claim.id,
    quizId: claim.quizId,
    participantId: claim.participantId,
    status: claim.status,
    grossPaise: claim.grossPaise,
    taxPaise: claim.taxPaise,
    netPaise: claim.netPaise,
    taxRateBasisPoints: claim.taxRateBasisPoints,
    taxSection: claim.taxSection,
    panMasked: claim.panMasked,
    method: claim.method,
    accountMasked: claim.accountMasked,
    claimedAt: claim.claimedAt,
    approvedAt: claim.approvedAt,
    paidAt: claim.paidAt,
    bankReference: claim.bankReference,
  };
}

export type PrizeClaimView = ReturnType<typeof claimView>;

/**
 * A winner claims their cash prize: within the claim period after publication, 18 or over, not
 * disqualified, once (the unique index decides between two simultaneous claims). PAN and the
 * account are sealed before they reach the database; the tax is fixed now from the configuration.
 */
export const claimPrize = service("prizes.claim", async (actor, quizId: string, given: ClaimInput, now: Date = new Date()) => {
  authorize(actor, "prizes.claim", actor.id);
  assertSealingConfigured();
  // Parsed again here (idempotent), so a caller other than the route stores the same normalised, valid values.
  const parsed = claimSchema.safeParse(given);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message ?? "Invalid payout details.");
  const input = parsed.data;
  const db = await getDb();
  const row = await winnerRow(db, quizId, actor.id);
  assertPayable(row, now);
  if (now > claimDeadline(row.publishedAt)) throw new Forbidden(message("claimPeriodOver", { days: config.payouts.claimDays }));
  const account: PayoutAccount = input.method === "upi" ? { method: "upi", upiId: input.upiId } : { method: "bank", ifsc: input.ifsc, accountNumber: input.accountNumber };
  const context = claimContext(quizId, actor.id);
  const { taxRateBasisPoints, taxThresholdPaise, taxSection } = config.payouts;
  const { taxPaise, netPaise } = taxOn(row.prizePaise, { taxRateBasisPoints, taxThresholdPaise });
  try {
    const [claim] = await db
      .insert(prizeClaims)
      .values({
        quizId,
        participantId: actor.id,
        grossPaise: row.prizePaise,
        taxPaise,
        netPaise,
        taxRateBasisPoints,
        taxSection,
        panCipher: seal(input.pan, context),
        panMasked: maskPan(input.pan),
        method: account.method,
        accountCipher: seal(JSON.stringify(account), context),
        accountMasked: maskAccount(account),
        claimedAt: now,
      })
      .returning();
    return claimView(claim);
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation && violatedConstraint(error) === "prize_claims_one_per_winner") throw new Conflict(message("prizeAlreadyClaimed"));
    throw error;
  }
});

/** What the claim page shows a winner: the prize, the deadline, the tax that will be withheld, and their claim if made. */
export const myPrize = service("prizes.claim", async (actor, quizId: string, participantId: string = actor.id, now: Date = new Date()) => {
  authorize(actor, "prizes.claim", participantId);
  const db = await getDb();
  const row = await winnerRow(db, quizId, participantId);
  if (!row || (row.prizePaise <= 0 && !row.freePass)) throw new NotFound(message("noCashPrize"));
  const [[claim], [redeemed]] = await Promise.all([
    db.select().from(prizeClaims).where(and(eq(prizeClaims.quizId, quizId), eq(prizeClaims.participantId, participantId))),
    db.select({ at: freePassRedemptions.redeemedAt }).from(freePassRedemptions).where(and(eq(freePassRedemptions.quizId, quizId), eq(freePassRedemptions.participantId, participantId))),
  ]);
  const deadline = claimDeadline(row.publishedAt);
  const { taxRateBasisPoints, taxThresholdPaise, taxSection } = config.payouts;
  return {
    quizId,
    title: row.title,
    rank: row.rank,
    prizePaise: row.prizePaise,
    freePass: row.freePass,
    freePassRedeemedAt: redeemed?.at ?? null,
    disqualified: row.disqualifiedAt !== null,
    deadline,
    open: now <= deadline,
    configured: Boolean(config.payouts.encryptionKey),
    expected: { ...taxOn(row.prizePaise, { taxRateBasisPoints, taxThresholdPaise }), taxRateBasisPoints, taxSection },
    claim: claim ? claimView(claim) : null,
  };
});

export type MyPrize = Awaited<ReturnType<typeof myPrize>>;

/** The admins' Prize claims tab: new claims first, with masked details only. */
export const listPrizeClaims = service("prizes.review", async () => {
  const db = await getDb();
  const rows = await db
    .select({ claim: prizeClaims, name: users.name, email: users.email, title: quizzes.title, rank: resultRows.rank })
    .from(prizeClaims)
    .innerJoin(users, eq(users.id, prizeClaims.participantId))
    .innerJoin(quizzes, eq(quizzes.id, prizeClaims.quizId))
    .innerJoin(resultRows, and(eq(resultRows.quizId, prizeClaims.quizId), eq(resultRows.participantId, prizeClaims.participantId)))
    .orderBy(prizeClaims.status, desc(prizeClaims.claimedAt))
    .limit(500);
  return rows.map((row) => ({ ...claimView(row.claim), name: row.name, email: row.email, quizTitle: row.title, rank: row.rank }));
});

export type AdminPrizeClaim = Awaited<ReturnType<typeof listPrizeClaims>>[number];

async function lockClaim(db: Queryable, claimId: string) {
  const [claim] = await db.select().from(prizeClaims).where(eq(prizeClaims.id, claimId)).for("update");
  if (!claim) throw new NotFound(message("prizeClaimNotFound"));
  return claim;
}

/** An admin approves a new claim, after the winner's eligibility is checked again. Audited as payout.approve. */
export const approvePrizeClaim = service("prizes.review", async (actor, claimId: string, now: Date = new Date()) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (claim.status !== "claimed") throw new Conflict(message("prizeClaimNotClaimed"));
    assertPayable(await winnerRow(tx, claim.quizId, claim.participantId), now);
    const [approved] = await tx.update(prizeClaims).set({ status: "approved", approvedById: actor.id, approvedAt: now }).where(eq(prizeClaims.id, claimId)).returning();
    await recordAudit(tx, actor, { action: "payout.approve", subjectType: "prize_claim", subjectId: claimId, before: { status: claim.status }, after: { status: "approved", netPaise: claim.netPaise, taxPaise: claim.taxPaise } });
    return claimView(approved);
  });
});

/**
 * An admin records that the net prize was transferred: the payout and the tax withheld become
 * verified ledger rows on the winner's account (they move no wallet balance: the money went to
 * the bank or UPI account), the claim is paid with the bank's reference. Audited as payout.paid.
 */
export const markPrizeClaimPaid = service("prizes.review", async (actor, claimId: string, bankReference: string, now: Date = new Date()) => {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, claimId);
      if (claim.status !== "approved") throw new Conflict(message("prizeClaimNotApproved"));
      const row = await winnerRow(tx, claim.quizId, claim.participantId);
      assertPayable(row, now);
      const entry = { userId: claim.participantId, quizId: claim.quizId, type: "debit" as const, mode: "upi" as const, status: "verified" as const, payeeName: row.name, reviewedById: actor.id, reviewedAt: now, createdAt: now };
      const [payout] = await tx.insert(transactions).values({ ...entry, amountPaise: claim.netPaise, reason: PAYOUT_REASONS.payout }).returning({ id: transactions.id });
      const [tax] = claim.taxPaise > 0 ? await tx.insert(transactions).values({ ...entry, amountPaise: claim.taxPaise, reason: PAYOUT_REASONS.tax }).returning({ id: transactions.id }) : [null];
      const [paid] = await tx
        .update(prizeClaims)
        .set({ status: "paid", paidById: actor.id, paidAt: now, bankReference, payoutTransactionId: payout.id, taxTransactionId: tax?.id ?? null })
        .where(eq(prizeClaims.id, claimId))
        .returning();
      await recordAudit(tx, actor, {
        action: "payout.paid",
        subjectType: "prize_claim",
        subjectId: claimId,
        before: { status: claim.status },
        after: { status: "paid", bankReference, netPaise: claim.netPaise, taxPaise: claim.taxPaise, payoutTransactionId: payout.id, taxTransactionId: tax?.id ?? null },
      });
      return claimView(paid);
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation && violatedConstraint(error) === "prize_claims_bank_reference_unique") throw new Conflict(message("bankReferenceUsed"));
    throw error;
  }
});

/** India time quarter "2026-Q3" (July to September 2026) as UTC instants. */
export function quarterBounds(quarter: string): { from: Date; to: Date } {
  const [year, q] = [Number(quarter.slice(0, 4)), Number(quarter.slice(-1))];
  const istMidnight = (y: number, monthIndex: number) => new Date(Date.UTC(y, monthIndex, 1) - 330 * 60_000);
  return { from: istMidnight(year, (q - 1) * 3), to: istMidnight(year, q * 3) };
}

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet does not run it. */
function cell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const rupeesText = (paise: number) => (paise / 100).toFixed(2);

/**
 * The quarter's tax-withheld list for the TDS return: every claim paid in the quarter (India
 * time), with the winner's full PAN (opened here, for the return needs it). Audited as
 * payout.taxExport, since it reveals PANs.
 */
export const taxWithheldCsv = service("prizes.review", async (actor: Actor, quarter: string) => {
  assertSealingConfigured();
  const { from, to } = quarterBounds(quarter);
  const db = await getDb();
  const rows = await db
    .select({ claim: prizeClaims, name: users.name, email: users.email, title: quizzes.title })
    .from(prizeClaims)
    .innerJoin(users, eq(users.id, prizeClaims.participantId))
    .innerJoin(quizzes, eq(quizzes.id, prizeClaims.quizId))
    .where(and(eq(prizeClaims.status, "paid"), gte(prizeClaims.paidAt, from), lt(prizeClaims.paidAt, to)))
    .orderBy(prizeClaims.paidAt);
  const header = ["Claim id", "Paid on", "Winner", "Email", "PAN", "Quiz", "Prize (₹)", "Tax rate (%)", "Tax withheld (₹)", "Net paid (₹)", "Section", "Bank reference"];
  const lines = rows.map(({ claim, name, email, title }) =>
    [
      claim.id,
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(claim.paidAt!),
      name,
      email,
      open(claim.panCipher, claimContext(claim.quizId, claim.participantId)),
      title,
      rupeesText(claim.grossPaise),
      (claim.taxRateBasisPoints / 100).toFixed(2),
      rupeesText(claim.taxPaise),
      rupeesText(claim.netPaise),
      claim.taxSection,
      claim.bankReference ?? "",
    ].map(cell).join(","),
  );
  await recordAudit(db, actor, { action: "payout.taxExport", subjectType: "prize_claims", subjectId: quarter, after: { claims: rows.length } });
  return [header.map(cell).join(","), ...lines].join("\r\n") + "\r\n";
});

/** The full PAN and account of one claim, for the admin making the transfer. Audited as payout.reveal. */
export const revealPayoutDetails = service("prizes.review", async (actor, claimId: string) => {
  const db = await getDb();
  const [claim] = await db.select().from(prizeClaims).where(eq(prizeClaims.id, claimId));
  if (!claim) throw new NotFound(message("prizeClaimNotFound"));
  const context = claimContext(claim.quizId, claim.participantId);
  const details = { pan: open(claim.panCipher, context), account: JSON.parse(open(claim.accountCipher, context)) as PayoutAccount };
  await recordAudit(db, actor, { action: "payout.reveal", subjectType: "prize_claim", subjectId: claimId });
  return details;
});
