import "server-only";
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { gatewayOrders, quizzes, transactions } from "@/db/schema";
import { assertOldEnough } from "@/lib/accounts";
import { service, step, type Actor } from "@/lib/auth";
import { config } from "@/lib/config";
import { getDb, PostgresError, postgresErrorCode, violatedConstraint, type DatabaseTransaction, type Queryable } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { notifyAdmins } from "@/lib/notifications";
import { message, type Message } from "@/lib/catalogue";
import { spendFreePass } from "@/lib/payouts";
import { changeBalance, lockWallet, recordUpiPayment, rewardReferrer, spendablePaise, type LockedWallet } from "@/lib/wallet";
import { REASONS } from "@/lib/wallet/schemas";
import type { PaymentState } from "./schemas";

/**
 * Seats are a database invariant: every payment for a quiz, and every admin's verification of
 * one, locks the quiz's row first, so they count the seats one after another. (`no key update`
 * excludes them from each other like `for update`, without blocking rows that merely reference
 * the quiz, such as a starting attempt.)
 */
export async function lockQuiz(tx: DatabaseTransaction, quizId: string) {
  const [quiz] = await tx.select().from(quizzes).where(and(eq(quizzes.id, quizId), eq(quizzes.isDemo, false))).for("no key update");
  if (!quiz) throw new NotFound(message("quizNotFound"));
  return quiz;
}

/**
 * Seats taken by verified entry fees, and seats held for others than `payerId`: by entry fees
 * waiting for an admin (a UPI payment submitted first keeps its seat until rejected) and by their
 * open gateway orders (until paid or expired).
 */
export async function seatsTaken(tx: DatabaseTransaction, quizId: string, payerId: string, now: Date) {
  const [seats] = await tx
    .select({
      verified: sql<number>`(count(*) filter (where ${transactions.status} = 'verified'))::int`,
      heldByOthers: sql<number>`(count(*) filter (where ${transactions.status} = 'pending' and ${transactions.userId} <> ${payerId}))::int`,
    })
    .from(transactions)
    .where(and(eq(transactions.quizId, quizId), eq(transactions.type, "form pay"), inArray(transactions.status, ["verified", "pending"])));
  const [orders] = await tx
    .select({ held: sql<number>`count(*)::int` })
    .from(gatewayOrders)
    .where(and(eq(gatewayOrders.quizId, quizId), isNull(gatewayOrders.paidTransactionId), gt(gatewayOrders.expiresAt, now), ne(gatewayOrders.userId, payerId)));
  return { verified: seats.verified, heldByOthers: seats.heldByOthers + orders.held };
}

async function registrableQuiz(tx: DatabaseTransaction, quizId: string, payerId: string, now: Date, free = false) {
  const quiz = await lockQuiz(tx, quizId);
  const freeEntry = quiz.contestModel === "free_entry" || quiz.entryFeePaise <= 0;
  // A free quiz has nothing to pay (its registration is registerFree), and a paid one is not free.
  if (!free && freeEntry) throw new Conflict(message("noEntryFee"));
  if (free && !freeEntry) throw new Conflict(message("notFreeEntry"));
  if (now < quiz.formStartAt) throw new Conflict(message("registrationNotOpen"));
  if (now > quiz.formEndAt) throw new Conflict(message("registrationClosed"));
  if (quiz.capacity !== null) {
    const { verified, heldByOthers } = await seatsTaken(tx, quizId, payerId, now);
    if (verified >= quiz.capacity) throw new Conflict(message("seatsTaken"));
    if (verified + heldByOthers >= quiz.capacity) throw new Conflict(message("seatsHeld"));
  }
  return quiz;
}

/** An admin's verification takes a seat too: refused once verified fees fill the quiz. */
export async function assertSeatForVerification(tx: DatabaseTransaction, row: { quizId: string | null; userId: string }, now: Date = new Date()) {
  const quiz = await lockQuiz(tx, row.quizId!);
  if (quiz.capacity === null) return;
  const { verified } = await seatsTaken(tx, quiz.id, row.userId, now);
  if (verified >= quiz.capacity) throw new Conflict(message("seatsFullForVerification"));
}

const ALREADY_PAID = message("alreadyPaid");

/** Refuses a second verified entry fee for the same participant and quiz. */
export async function assertNotPaidYet(tx: DatabaseTransaction, userId: string, quizId: string, refusal: Message = ALREADY_PAID) {
  if (await hasPaid(tx, userId, quizId)) throw new Conflict(refusal);
}

/** Whether the participant holds a verified entry fee for the quiz. */
export async function hasPaid(tx: DatabaseTransaction, userId: string, quizId: string): Promise<boolean> {
  const [paid] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.quizId, quizId), eq(transactions.type, "form pay"), eq(transactions.status, "verified")));
  return paid !== undefined;
}

function mapEntryFeeConflicts(error: unknown): never {
  if (postgresErrorCode(error) === PostgresError.uniqueViolation) {
    const constraint = violatedConstraint(error);
    if (constraint === "transactions_one_pending_entry_fee") throw new Conflict(message("paymentAlreadyPending"));
    if (constraint === "transactions_one_verified_entry_fee") throw new Conflict(ALREADY_PAID);
  }
  throw error;
}

export interface EntryFeeSubmission {
  quizId: string;
  proofUploadId: string;
  payeeName: string;
  paymentReference?: string;
}

type Quiz = Awaited<ReturnType<typeof registrableQuiz>>;

/**
 * The checks every entry fee shares, in one database transaction with the payer locked: old
 * enough, registration open with seats left, not paid yet. Then `pay` records the payment (or,
 * for the gateway, the order that holds the seat).
 */
export async function payEntryFee<T>(actor: Actor, quizId: string, now: Date, pay: (tx: DatabaseTransaction, wallet: LockedWallet, quiz: Quiz) => Promise<T>, free = false): Promise<T> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, actor.id);
      assertOldEnough(wallet.dateOfBirth, config.competition.minimumAge, now);
      const quiz = await registrableQuiz(tx, quizId, actor.id, now, free);
      await assertNotPaidYet(tx, actor.id, quiz.id, free ? message("alreadyRegistered") : undefined);
      return pay(tx, wallet, quiz);
    });
  } catch (error) {
    mapEntryFeeConflicts(error);
  }
}

/** What every entry-fee row says, however it was paid. */
export function entryFee(payer: Pick<Actor, "id">, quiz: Pick<Quiz, "id" | "entryFeePaise" | "title">) {
  return { userId: payer.id, quizId: quiz.id, type: "form pay" as const, amountPaise: quiz.entryFeePaise, reason: `paid for ${config.brand.name} competition ${quiz.title}` };
}

/** A UPI payment with its screenshot, waiting for an admin; admins are told at once. */
export const submitEntryFee = service("payments.pay", async (actor, submission: EntryFeeSubmission, now: Date = new Date()) =>
  payEntryFee(actor, submission.quizId, now, async (tx, _wallet, quiz) => {
    const row = await recordUpiPayment(tx, actor.id, {
      ...entryFee(actor, quiz),
      payeeName: submission.payeeName,
      proofUploadId: submission.proofUploadId,
      paymentReference: submission.paymentReference,
    });
    await notifyAdmins(tx, {
      title: "Payment to verify",
      body: `${actor.name} paid ₹${quiz.entryFeePaise / 100} for ${quiz.title}.`,
      url: "/adminpanel?tab=transactions",
    });
    return row;
  }),
);

/** Paying the fee from the wallet needs no admin: verified at once, a debit in the ledger. */
export const payEntryFeeFromWallet = service("payments.pay", async (actor, quizId: string, now: Date = new Date()) =>
  payEntryFee(actor, quizId, now, async (tx, wallet, quiz) => {
    if ((await spendablePaise(tx, wallet)) < quiz.entryFeePaise) {
      throw new Conflict(message("walletTooLowForFee"));
    }
    const [row] = await tx
      .insert(transactions)
      .values({ ...entryFee(actor, quiz), mode: "wallet", status: "verified", reviewedAt: now })
      .returning();
    await changeBalance(tx, actor.id, -quiz.entryFeePaise);
    await rewardReferrer(tx, actor.id, now);
    return row;
  }),
);

/**
 * A free pass won in `wonQuizId` pays this quiz's own entry fee: a prize in kind, not money. The
 * verified entry-fee row carries the quiz's fee under REASONS.freePassEntry, which the books post
 * as earned and paid by prizes (journal_accounts_of), and the pass's redemption names it. No
 * wallet moves, so nothing of it can be withdrawn; no referral reward, since nobody paid.
 */
export const payEntryFeeWithFreePass = service("payments.pay", async (actor, wonQuizId: string, quizId: string, now: Date = new Date()) =>
  payEntryFee(actor, quizId, now, async (tx, _wallet, quiz) => {
    const [row] = await tx
      .insert(transactions)
      .values({ ...entryFee(actor, quiz), reason: REASONS.freePassEntry, mode: "wallet", status: "verified", reviewedAt: now })
      .returning();
    await spendFreePass(tx, actor.id, wonQuizId, row.id, now);
    return { ...row, quizTitle: quiz.title, quizTitleHi: quiz.titleHi };
  }),
);

/**
 * Registration for a free-entry quiz: no payment and no admin, the same checks as a paid entry
 * (old enough, registration open, a seat left, not registered yet). It is recorded as a verified
 * entry fee of ₹0 (the only zero row the ledger allows), so everything that reads "has a verified
 * entry fee" counts it without knowing about free quizzes: the exam's access, the seats taken and
 * left, the dashboard's payment state, the one-entry-per-participant index. The wallet is untouched.
 */
export const registerFree = service("payments.pay", async (actor, quizId: string, now: Date = new Date()) =>
  payEntryFee(
    actor,
    quizId,
    now,
    async (tx, _wallet, quiz) => {
      const [row] = await tx
        .insert(transactions)
        .values({ ...entryFee(actor, quiz), amountPaise: 0, reason: `registered for ${config.brand.name} competition ${quiz.title} (free entry)`, mode: "wallet", status: "verified", reviewedAt: now })
        .returning();
      return row;
    },
    true,
  ),
);

/** Each quiz's payment state for one participant: verified wins, else the newest row's status. */
export const paymentStates = step(async (db: Queryable, userId: string): Promise<Map<string, PaymentState>> => {
  const rows = await db
    .select({ quizId: transactions.quizId, status: transactions.status })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "form pay")))
    .orderBy(desc(transactions.createdAt));
  const states = new Map<string, PaymentState>();
  for (const row of rows) {
    const known = states.get(row.quizId!);
    if (row.status === "verified" || !known) states.set(row.quizId!, row.status);
  }
  return states;
});
