import "server-only";
import { and, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { attempts, currentPublishedResults, currentResultRows, freePassRedemptions, prizeClaims, quizzes, resultRows, transactions, users } from "@/db/schema";
import { assertOldEnough } from "@/lib/accounts";
import { recordAudit } from "@/lib/audit";
import { authorize, service, step, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type Queryable } from "@/lib/db";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { message, refusalOf } from "@/lib/catalogue";
import { claimSchema, maskAccount, maskPan, type ClaimInput, type PayoutAccount } from "./schemas";
import { assertSealingConfigured, claimContext, open, panHash, seal } from "./sealed";
import { financialYearOf, taxAtPayout, type FinancialQuarter, type TaxRule } from "./tax";

const DAY_MS = 86_400_000;

/** The ledger's reasons for a paid claim (spelt out by the wallet's labels as "Prize payout", "Prize tax withheld"). */
const PAYOUT_REASONS = { payout: "prizePayout", tax: "prizeTaxWithheld" } as const;

/**
 * A winner's frozen row in the current version of the results, with what decides whether it may
 * be paid; the claim period runs from that version's publication (a revision that makes a new
 * winner gives them the whole period).
 */
async function winnerRow(db: Queryable, quizId: string, participantId: string) {
  const [row] = await db
    .select({
      quizId: currentResultRows.quizId,
      revision: currentResultRows.revision,
      participantId: currentResultRows.participantId,
      title: quizzes.title,
      titleHi: quizzes.titleHi,
      rank: currentResultRows.rank,
      prizePaise: currentResultRows.prizePaise,
      freePass: currentResultRows.freePass,
      publishedAt: currentPublishedResults.publishedAt,
      disqualifiedAt: attempts.disqualifiedAt,
      dateOfBirth: users.dateOfBirth,
      name: users.name,
    })
    .from(currentResultRows)
    .innerJoin(currentPublishedResults, eq(currentPublishedResults.quizId, currentResultRows.quizId))
    .innerJoin(quizzes, eq(quizzes.id, currentResultRows.quizId))
    .innerJoin(users, eq(users.id, currentResultRows.participantId))
    .leftJoin(attempts, and(eq(attempts.quizId, currentResultRows.quizId), eq(attempts.participantId, currentResultRows.participantId)))
    .where(and(eq(currentResultRows.quizId, quizId), eq(currentResultRows.participantId, participantId)));
  return row;
}

type WinnerRow = NonNullable<Awaited<ReturnType<typeof winnerRow>>>;

export function claimDeadline(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + config.payouts.claimDays * DAY_MS);
}

/** The earliest publication whose claim period is still open at `now`: claimDeadline turned round. */
export function claimsOpenSince(now: Date): Date {
  return new Date(now.getTime() - config.payouts.claimDays * DAY_MS);
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
    heldAt: claim.heldAt,
    heldReason: claim.heldReason,
    financialYear: claim.financialYear,
    taxBasis: claim.taxBasis,
  };
}

/** Why a claim is held when its PAN is on another account's claim: on record, shown to admins (never which account). */
export const PAN_HOLD_REASON = "This PAN is already on a prize claim of another account: held until an admin checks whose PAN it is.";

function taxRule(): TaxRule {
  const { taxRateBasisPoints, taxThresholdPaise, taxBasis } = config.payouts;
  return { rateBasisPoints: taxRateBasisPoints, thresholdPaise: taxThresholdPaise, basis: taxBasis };
}

const total = (column: unknown) => sql<string>`coalesce(sum(${column}), 0)`;

/**
 * The tax on a prize of `grossPaise` paid to the participant at `at`, by the rule in ./tax.ts,
 * from their figures of that financial year (India time): the gross of and tax withheld from their
 * prizes paid in it, and the entry fees they paid in it (verified, by their review time, UPI or wallet).
 * The claim's own payout is not among the paid ones yet: this is computed before it is marked paid.
 */
async function taxFor(db: Queryable, participantId: string, grossPaise: number, at: Date) {
  const rule = taxRule();
  const year = financialYearOf(at);
  const [[prizes], [fees]] = await Promise.all([
    db
      .select({ gross: total(prizeClaims.grossPaise), tax: total(prizeClaims.taxPaise) })
      .from(prizeClaims)
      .where(and(eq(prizeClaims.participantId, participantId), eq(prizeClaims.status, "paid"), gte(prizeClaims.paidAt, year.from), lt(prizeClaims.paidAt, year.to))),
    db
      .select({ fees: total(transactions.amountPaise) })
      .from(transactions)
      .where(and(eq(transactions.userId, participantId), eq(transactions.type, "form pay"), eq(transactions.status, "verified"), gte(transactions.reviewedAt, year.from), lt(transactions.reviewedAt, year.to))),
  ]);
  const { taxPaise, netPaise } = taxAtPayout(grossPaise, { prizesPaise: Number(prizes.gross), taxWithheldPaise: Number(prizes.tax), entryFeesPaise: Number(fees.fees) }, rule);
  return { taxPaise, netPaise, taxRateBasisPoints: rule.rateBasisPoints, taxSection: config.payouts.taxSection, taxBasis: rule.basis, financialYear: year.label };
}

export type PrizeClaimView = ReturnType<typeof claimView>;

/**
 * What each of a quiz's winners was already paid (the gross of their paid claims): a revision that
 * raises a paid prize leaves the difference to claim, one that lowers it the excess to recover.
 */
async function paidSoFar(db: Queryable, quizId: string, participantIds: string[]): Promise<Map<string, number>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .select({ participantId: prizeClaims.participantId, paid: total(prizeClaims.grossPaise) })
    .from(prizeClaims)
    .where(and(eq(prizeClaims.quizId, quizId), inArray(prizeClaims.participantId, participantIds), eq(prizeClaims.status, "paid")))
    .groupBy(prizeClaims.participantId);
  return new Map(rows.map((row) => [row.participantId, Number(row.paid)]));
}

/**
 * A winner claims their cash prize: within the claim period after publication, 18 or over, not
 * disqualified, one open claim at a time (the unique index decides between two simultaneous
 * claims). What was paid already is not claimed again: after a revision raised a paid prize, the
 * claim is for the difference, its tax computed on it with the year's earlier prizes. PAN and the
 * account are sealed before they reach the database. The tax stored now is the estimate if paid
 * today; it is fixed when the prize is paid. A PAN already on another account's claim holds the
 * claim for review (audited as payout.hold): a PAN belongs to one account.
 */
export const claimPrize = service("prizes.claim", async (actor, quizId: string, given: ClaimInput, now: Date = new Date()) => {
  authorize(actor, "prizes.claim", actor.id);
  assertSealingConfigured();
  // Parsed again here (idempotent), so a caller other than the route stores the same normalised, valid values.
  const parsed = claimSchema.safeParse(given);
  if (!parsed.success) throw new Invalid(refusalOf(parsed.error));
  const input = parsed.data;
  const db = await getDb();
  const row = await winnerRow(db, quizId, actor.id);
  assertPayable(row, now);
  if (now > claimDeadline(row.publishedAt)) throw new Forbidden(message("claimPeriodOver", { days: config.payouts.claimDays }));
  const account: PayoutAccount = input.method === "upi" ? { method: "upi", upiId: input.upiId } : { method: "bank", ifsc: input.ifsc, accountNumber: input.accountNumber };
  const context = claimContext(quizId, actor.id);
  const hash = panHash(input.pan);
  try {
    return await db.transaction(async (tx) => {
      // Two accounts claiming with one PAN at once: the second waits, then sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`prize-claim-pan:${hash}`}, 0))`);
      // The winner's claims, locked: a payment being recorded finishes first, and what it paid is not claimed again.
      const earlier = await tx.select({ status: prizeClaims.status, grossPaise: prizeClaims.grossPaise }).from(prizeClaims).where(and(eq(prizeClaims.quizId, quizId), eq(prizeClaims.participantId, actor.id))).for("update");
      const paidPaise = earlier.reduce((sum, claim) => sum + (claim.status === "paid" ? claim.grossPaise : 0), 0);
      const grossPaise = row.prizePaise - paidPaise;
      if (grossPaise <= 0 || earlier.some((claim) => claim.status !== "paid")) throw new Conflict(message("prizeAlreadyClaimed"));
      const others = await tx.select({ id: prizeClaims.id }).from(prizeClaims).where(and(eq(prizeClaims.panHash, hash), ne(prizeClaims.participantId, actor.id))).limit(20);
      const held = others.length > 0;
      const { taxPaise, netPaise, taxRateBasisPoints, taxSection } = await taxFor(tx, actor.id, grossPaise, now);
      const [claim] = await tx
        .insert(prizeClaims)
        .values({
          quizId,
          revision: row.revision,
          participantId: actor.id,
          grossPaise,
          taxPaise,
          netPaise,
          taxRateBasisPoints,
          taxSection,
          panCipher: seal(input.pan, context),
          panMasked: maskPan(input.pan),
          panHash: hash,
          method: account.method,
          accountCipher: seal(JSON.stringify(account), context),
          accountMasked: maskAccount(account),
          claimedAt: now,
          heldAt: held ? now : null,
          heldReason: held ? PAN_HOLD_REASON : null,
        })
        .returning();
      if (held) {
        await recordAudit(tx, actor, { action: "payout.hold", subjectType: "prize_claim", subjectId: claim.id, after: { heldReason: PAN_HOLD_REASON, samePanClaimIds: others.map((other) => other.id) } });
      }
      return claimView(claim);
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation && violatedConstraint(error) === "prize_claims_one_per_winner") throw new Conflict(message("prizeAlreadyClaimed"));
    throw error;
  }
});

/**
 * What the claim page shows a winner: the prize, the deadline, their claims (paid ones, and the
 * open one), and what is left to claim with the tax that will be withheld from it: the whole prize,
 * or after a revision raised a paid prize, the difference.
 */
export const myPrize = service("prizes.claim", async (actor, quizId: string, participantId: string = actor.id, now: Date = new Date()) => {
  authorize(actor, "prizes.claim", participantId);
  const db = await getDb();
  const row = await winnerRow(db, quizId, participantId);
  if (!row || (row.prizePaise <= 0 && !row.freePass)) throw new NotFound(message("noCashPrize"));
  const [claims, [redeemed]] = await Promise.all([
    db.select().from(prizeClaims).where(and(eq(prizeClaims.quizId, quizId), eq(prizeClaims.participantId, participantId))).orderBy(prizeClaims.claimedAt, prizeClaims.id),
    db.select({ at: freePassRedemptions.redeemedAt }).from(freePassRedemptions).where(and(eq(freePassRedemptions.quizId, quizId), eq(freePassRedemptions.participantId, participantId))),
  ]);
  const deadline = claimDeadline(row.publishedAt);
  const openClaim = claims.find((claim) => claim.status !== "paid");
  const paidPaise = claims.reduce((sum, claim) => sum + (claim.status === "paid" ? claim.grossPaise : 0), 0);
  const claimablePaise = openClaim ? 0 : Math.max(0, row.prizePaise - paidPaise);
  const latest = openClaim ?? claims.at(-1);
  return {
    quizId,
    title: row.title,
    titleHi: row.titleHi,
    rank: row.rank,
    prizePaise: row.prizePaise,
    freePass: row.freePass,
    freePassRedeemedAt: redeemed?.at ?? null,
    disqualified: row.disqualifiedAt !== null,
    deadline,
    open: now <= deadline,
    configured: Boolean(config.payouts.encryptionKey),
    /** What the winner's paid claims hold, and what they may claim now (0 while a claim is open or all is paid). */
    paidPaise,
    claimablePaise,
    /** The tax if what is left to claim (the prize, when nothing is) were paid today, from this financial year's figures (the payment fixes it). */
    expected: await taxFor(db, participantId, claimablePaise || row.prizePaise, now),
    /** The open claim, else the latest paid one. */
    claim: latest ? claimView(latest) : null,
    claims: claims.map(claimView),
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
    .innerJoin(resultRows, and(eq(resultRows.quizId, prizeClaims.quizId), eq(resultRows.revision, prizeClaims.revision), eq(resultRows.participantId, prizeClaims.participantId)))
    .orderBy(prizeClaims.status, desc(prizeClaims.claimedAt))
    .limit(500);
  // For a held claim, the other accounts whose claims carry the same PAN: what the admin checks before releasing it.
  const heldHashes = [...new Set(rows.flatMap((row) => (row.claim.heldAt && row.claim.panHash ? [row.claim.panHash] : [])))];
  const sharers = heldHashes.length
    ? await db
        .selectDistinct({ panHash: prizeClaims.panHash, participantId: prizeClaims.participantId, name: users.name, email: users.email })
        .from(prizeClaims)
        .innerJoin(users, eq(users.id, prizeClaims.participantId))
        .where(inArray(prizeClaims.panHash, heldHashes))
    : [];
  return rows.map((row) => ({
    ...claimView(row.claim),
    name: row.name,
    email: row.email,
    quizTitle: row.title,
    rank: row.rank,
    samePanAccounts: row.claim.heldAt ? sharers.filter((other) => other.panHash === row.claim.panHash && other.participantId !== row.claim.participantId).map(({ name, email }) => ({ name, email })) : [],
  }));
});

export type AdminPrizeClaim = Awaited<ReturnType<typeof listPrizeClaims>>[number];

async function lockClaim(db: Queryable, claimId: string) {
  const [claim] = await db.select().from(prizeClaims).where(eq(prizeClaims.id, claimId)).for("update");
  if (!claim) throw new NotFound(message("prizeClaimNotFound"));
  return claim;
}

/**
 * An admin approves a new claim, after the winner's eligibility is checked again; a held claim
 * must be released first. The tax estimate is brought up to date (the payment fixes it). Audited
 * as payout.approve.
 */
export const approvePrizeClaim = service("prizes.review", async (actor, claimId: string, now: Date = new Date()) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (claim.status !== "claimed") throw new Conflict(message("prizeClaimNotClaimed"));
    if (claim.heldAt) throw new Conflict(message("prizeClaimHeld", { reason: claim.heldReason ?? "" }));
    assertPayable(await winnerRow(tx, claim.quizId, claim.participantId), now);
    const { taxPaise, netPaise, taxRateBasisPoints, taxSection } = await taxFor(tx, claim.participantId, claim.grossPaise, now);
    const [approved] = await tx
      .update(prizeClaims)
      .set({ status: "approved", approvedById: actor.id, approvedAt: now, taxPaise, netPaise, taxRateBasisPoints, taxSection })
      .where(eq(prizeClaims.id, claimId))
      .returning();
    await recordAudit(tx, actor, { action: "payout.approve", subjectType: "prize_claim", subjectId: claimId, before: { status: claim.status }, after: { status: "approved", netPaise, taxPaise } });
    return claimView(approved);
  });
});

/** An admin releases a held claim with a written reason (who the PAN belongs to, and how they know); it may then be approved. Audited as payout.release. */
export const releasePrizeClaim = service("prizes.review", async (actor, claimId: string, reason: string) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim.heldAt || claim.status !== "claimed") throw new Conflict(message("prizeClaimNotHeld"));
    const [released] = await tx.update(prizeClaims).set({ heldAt: null, heldReason: null }).where(eq(prizeClaims.id, claimId)).returning();
    await recordAudit(tx, actor, { action: "payout.release", subjectType: "prize_claim", subjectId: claimId, before: { heldAt: claim.heldAt, heldReason: claim.heldReason }, after: { heldAt: null }, reason });
    return claimView(released);
  });
});

/**
 * An admin rejects a held claim with a written reason: the claim is removed (the prize stays the
 * winner's, who may claim again with their own PAN within the claim period). The audit entry
 * payout.reject keeps what the claim said, masked.
 */
export const rejectPrizeClaim = service("prizes.review", async (actor, claimId: string, reason: string) => {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim.heldAt || claim.status !== "claimed") throw new Conflict(message("prizeClaimNotHeld"));
    await tx.delete(prizeClaims).where(eq(prizeClaims.id, claimId));
    const { quizId, participantId, grossPaise, panMasked, method, accountMasked, claimedAt, heldAt, heldReason } = claim;
    await recordAudit(tx, actor, { action: "payout.reject", subjectType: "prize_claim", subjectId: claimId, before: { quizId, participantId, grossPaise, panMasked, method, accountMasked, claimedAt, heldAt, heldReason }, reason });
    return { id: claimId };
  });
});

/**
 * Unpaid claims follow a new version of a quiz's results, inside the revision's transaction. A
 * claim is for the prize less what the winner's paid claims hold; one with nothing left to claim
 * is withdrawn: removed, as a rejected claim is, its masked details kept
 * in the audit entry payout.withdraw. A claim whose amount changed takes the new amount and the tax
 * estimate for it (gross = tax + net; the payment fixes the tax), and an approval given for the
 * old amount no longer stands: audited as payout.follow. Both carry the revision's reason. A paid
 * claim stays on the version it was paid for; what it no longer holds is listed by prizesToRecover.
 */
export const claimsFollowRevision = step(async (tx: Queryable, actor: Actor, revised: { quizId: string; revision: number; reason: string; now: Date }) => {
  const open = await tx
    .select()
    .from(prizeClaims)
    .where(and(eq(prizeClaims.quizId, revised.quizId), ne(prizeClaims.status, "paid")))
    .for("update");
  if (open.length === 0) return { followed: 0, withdrawn: 0 };
  const rows = await tx
    .select({ participantId: resultRows.participantId, prizePaise: resultRows.prizePaise })
    .from(resultRows)
    .where(and(eq(resultRows.quizId, revised.quizId), eq(resultRows.revision, revised.revision), inArray(resultRows.participantId, open.map((claim) => claim.participantId))));
  const prizeOf = new Map(rows.map((row) => [row.participantId, row.prizePaise]));
  const paidOf = await paidSoFar(tx, revised.quizId, open.map((claim) => claim.participantId));
  const outcome = { followed: 0, withdrawn: 0 };
  for (const claim of open) {
    const claimablePaise = (prizeOf.get(claim.participantId) ?? 0) - (paidOf.get(claim.participantId) ?? 0);
    const before = { revision: claim.revision, status: claim.status, grossPaise: claim.grossPaise, taxPaise: claim.taxPaise, netPaise: claim.netPaise };
    const audited = { subjectType: "prize_claim", subjectId: claim.id, reason: revised.reason };
    if (claimablePaise <= 0) {
      await tx.delete(prizeClaims).where(eq(prizeClaims.id, claim.id));
      const { quizId, participantId, panMasked, method, accountMasked, claimedAt, heldAt, heldReason } = claim;
      await recordAudit(tx, actor, { action: "payout.withdraw", ...audited, before: { ...before, quizId, participantId, panMasked, method, accountMasked, claimedAt, heldAt, heldReason } });
      outcome.withdrawn++;
    } else if (claimablePaise === claim.grossPaise) {
      await tx.update(prizeClaims).set({ revision: revised.revision }).where(eq(prizeClaims.id, claim.id));
    } else {
      const { taxPaise, netPaise, taxRateBasisPoints, taxSection } = await taxFor(tx, claim.participantId, claimablePaise, revised.now);
      const after = { revision: revised.revision, status: "claimed" as const, grossPaise: claimablePaise, taxPaise, netPaise };
      await tx.update(prizeClaims).set({ ...after, taxRateBasisPoints, taxSection, approvedById: null, approvedAt: null }).where(eq(prizeClaims.id, claim.id));
      await recordAudit(tx, actor, { action: "payout.follow", ...audited, before, after });
      outcome.followed++;
    }
  }
  return outcome;
});

/**
 * Prizes paid on a version of the results that a revision no longer holds, for the admins to
 * recover, oldest payment first: a winner's cash prize claims paid above the current version's
 * prize (all of them when the winner has none now), with the tax withheld from them and the net
 * sent, named by the latest paid claim; and a free pass
 * turned into a wallet credit that the current version no longer grants.
 */
export const prizesToRecover = service("prizes.review", async () => {
  const db = await getDb();
  const rows = await db.execute<{
    kind: "cash" | "freePass";
    quiz_id: string;
    title: string;
    participant_id: string;
    name: string;
    email: string;
    claim_id: string | null;
    paid_revision: number;
    current_revision: number;
    paid_paise: number;
    tax_paise: number | null;
    net_paise: number | null;
    current_prize_paise: number;
    paid_at: Date | string;
  }>(sql`
    select 'cash' as kind, c.quiz_id, q.title, c.participant_id, u.name, u.email, c.claim_id, c.paid_revision, p.revision as current_revision,
      c.paid_paise, c.tax_paise, c.net_paise, coalesce(r.prize_paise, 0) as current_prize_paise, c.paid_at
    from (
      select quiz_id, participant_id, (array_agg(id order by paid_at desc, id))[1] as claim_id, max(revision) as paid_revision,
        sum(gross_paise)::int as paid_paise, sum(tax_paise)::int as tax_paise, sum(net_paise)::int as net_paise, max(paid_at) as paid_at
      from prize_claims where status = 'paid' group by quiz_id, participant_id
    ) c
    join current_published_results p on p.quiz_id = c.quiz_id
    join quizzes q on q.id = c.quiz_id
    join users u on u.id = c.participant_id
    left join current_result_rows r on r.quiz_id = c.quiz_id and r.participant_id = c.participant_id
    where c.paid_paise > coalesce(r.prize_paise, 0)
    union all
    select 'freePass', f.quiz_id, q.title, f.participant_id, u.name, u.email, null, f.revision, p.revision,
      t.amount_paise, null, null, coalesce(r.prize_paise, 0), f.created_at
    from free_pass_redemptions f
    join transactions t on t.id = f.transaction_id
    join current_published_results p on p.quiz_id = f.quiz_id
    join quizzes q on q.id = f.quiz_id
    join users u on u.id = f.participant_id
    left join current_result_rows r on r.quiz_id = f.quiz_id and r.participant_id = f.participant_id
    where not coalesce(r.free_pass, false)
    order by paid_at, participant_id`);
  return rows.rows.map((row) => ({
    kind: row.kind,
    quizId: row.quiz_id,
    quizTitle: row.title,
    participantId: row.participant_id,
    name: row.name,
    email: row.email,
    claimId: row.claim_id,
    paidRevision: row.paid_revision,
    currentRevision: row.current_revision,
    paidPaise: row.paid_paise,
    taxPaise: row.tax_paise,
    netPaise: row.net_paise,
    currentPrizePaise: row.current_prize_paise,
    recoverPaise: row.kind === "cash" ? row.paid_paise - row.current_prize_paise : row.paid_paise,
    paidAt: new Date(row.paid_at),
  }));
});

export type PrizeToRecover = Awaited<ReturnType<typeof prizesToRecover>>[number];

/**
 * An admin records that the net prize was transferred. The tax is fixed now, from the
 * participant's financial-year figures including this prize (./tax.ts), and written to the claim
 * with the year and basis. The payout and the tax withheld become verified ledger rows on the winner's account (they move no wallet balance: the money went to
 * the bank or UPI account), the claim is paid with the bank's reference. Audited as payout.paid.
 */
export const markPrizeClaimPaid = service("prizes.review", async (actor, claimId: string, bankReference: string, now: Date = new Date()) => {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const claim = await lockClaim(tx, claimId);
      if (claim.status !== "approved") throw new Conflict(message("prizeClaimNotApproved"));
      if (claim.heldAt) throw new Conflict(message("prizeClaimHeld", { reason: claim.heldReason ?? "" }));
      const row = await winnerRow(tx, claim.quizId, claim.participantId);
      assertPayable(row, now);
      // Two payouts to one participant take turns, so the second counts the first's prize and tax.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`prize-tax:${claim.participantId}`}, 0))`);
      const fixed = await taxFor(tx, claim.participantId, claim.grossPaise, now);
      const entry = { userId: claim.participantId, quizId: claim.quizId, type: "debit" as const, mode: "upi" as const, status: "verified" as const, payeeName: row.name, reviewedById: actor.id, reviewedAt: now, createdAt: now };
      const [payout] = await tx.insert(transactions).values({ ...entry, amountPaise: fixed.netPaise, reason: PAYOUT_REASONS.payout }).returning({ id: transactions.id });
      const [tax] = fixed.taxPaise > 0 ? await tx.insert(transactions).values({ ...entry, amountPaise: fixed.taxPaise, reason: PAYOUT_REASONS.tax }).returning({ id: transactions.id }) : [null];
      const [paid] = await tx
        .update(prizeClaims)
        .set({ ...fixed, status: "paid", paidById: actor.id, paidAt: now, bankReference, payoutTransactionId: payout.id, taxTransactionId: tax?.id ?? null })
        .where(eq(prizeClaims.id, claimId))
        .returning();
      await recordAudit(tx, actor, {
        action: "payout.paid",
        subjectType: "prize_claim",
        subjectId: claimId,
        before: { status: claim.status, netPaise: claim.netPaise, taxPaise: claim.taxPaise },
        after: { status: "paid", bankReference, ...fixed, payoutTransactionId: payout.id, taxTransactionId: tax?.id ?? null },
      });
      return claimView(paid);
    });
  } catch (error) {
    if (postgresErrorCode(error) === PostgresError.uniqueViolation && violatedConstraint(error) === "prize_claims_bank_reference_unique") throw new Conflict(message("bankReferenceUsed"));
    throw error;
  }
});

/** A CSV cell: quoted, and a leading = + - @ defused so a spreadsheet does not run it. */
function cell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const rupeesText = (paise: number) => (paise / 100).toFixed(2);
/** DD/MM/YYYY in India time, as the quarterly TDS return (Form 26Q) writes dates. */
const returnDate = (at: Date) => new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric" }).format(at);

/**
 * A financial-year quarter's tax-withheld list for the quarterly TDS return ("FY2026-27 Q3" is
 * October to December 2026, India time): one deductee row per claim paid in it, with the winner's
 * full PAN (opened here, for the return needs it), name, section, date of payment, amount paid
 * (the gross prize) and tax withheld. Audited as payout.taxExport, since it reveals PANs.
 */
export const taxWithheldCsv = service("prizes.review", async (actor: Actor, quarter: FinancialQuarter) => {
  assertSealingConfigured();
  const db = await getDb();
  const rows = await db
    .select({ claim: prizeClaims, name: users.name, email: users.email, title: quizzes.title })
    .from(prizeClaims)
    .innerJoin(users, eq(users.id, prizeClaims.participantId))
    .innerJoin(quizzes, eq(quizzes.id, prizeClaims.quizId))
    .where(and(eq(prizeClaims.status, "paid"), gte(prizeClaims.paidAt, quarter.from), lt(prizeClaims.paidAt, quarter.to)))
    .orderBy(prizeClaims.paidAt);
  const header = [
    "Quarter",
    "Deductee PAN",
    "Deductee name",
    "Section",
    "Date of payment/credit",
    "Amount paid/credited (₹)",
    "Tax withheld (₹)",
    "Rate (%)",
    "Tax basis",
    "Financial year",
    "Net paid (₹)",
    "Email",
    "Quiz",
    "Claim id",
    "Bank reference",
  ];
  const lines = rows.map(({ claim, name, email, title }) =>
    [
      quarter.label,
      open(claim.panCipher, claimContext(claim.quizId, claim.participantId)),
      name,
      claim.taxSection,
      returnDate(claim.paidAt!),
      rupeesText(claim.grossPaise),
      rupeesText(claim.taxPaise),
      (claim.taxRateBasisPoints / 100).toFixed(2),
      claim.taxBasis === "gross" ? "gross prizes" : claim.taxBasis === "net" ? "net winnings" : "",
      claim.financialYear ?? financialYearOf(claim.paidAt!).label,
      rupeesText(claim.netPaise),
      email,
      title,
      claim.id,
      claim.bankReference ?? "",
    ]
      .map(cell)
      .join(","),
  );
  await recordAudit(db, actor, { action: "payout.taxExport", subjectType: "prize_claims", subjectId: quarter.label, after: { claims: rows.length } });
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
