import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { service } from "@/lib/auth";
import { getDb, type Queryable } from "@/lib/db";
import { formatRupeesWithSymbol } from "@/lib/money";
import { gatewayPaymentSignatureValid } from "@/lib/payments";
import { ACCOUNTS, type LedgerCheck } from "./schemas";

type Row = Record<string, unknown>;

/** bigint sums arrive as strings; every amount here fits a JavaScript number. */
const num = (value: unknown): number => Number(value ?? 0);
const rupees = (paise: unknown) => formatRupeesWithSymbol(num(paise));
const signed = (paise: unknown) => (num(paise) >= 0 ? `+${rupees(paise)}` : `−${rupees(-num(paise))}`);

async function first(db: Queryable, statement: SQL): Promise<Row | undefined> {
  return (await db.execute<Row>(statement)).rows[0];
}

interface Discrepancy {
  check: string;
  subject: string;
  discrepancy: string;
}

/** "bank +₹500 / wallets (user …) −₹500": an entry's lines, or what they should be. */
function describeLines(lines: Row[]): string {
  if (lines.length === 0) return "no lines";
  return lines.map((line) => `${line.account}${line.user_id ? ` (user ${line.user_id})` : ""} ${signed(line.amount_paise)}`).join(" / ");
}

async function linesOf(db: Queryable, entryId: unknown): Promise<Row[]> {
  return (await db.execute<Row>(sql`select account, user_id, amount_paise from journal_lines where entry_id = ${entryId} order by line`)).rows;
}

/** What journal_accounts_of says a verified transaction's entry must be, now. */
async function expectedLinesOf(db: Queryable, transactionId: unknown): Promise<Row[]> {
  return (
    await db.execute<Row>(sql`
      select a.debit_account as account, a.debit_user as user_id, t.amount_paise::bigint as amount_paise, 1 as line
        from transactions t cross join lateral journal_accounts_of(t) a where t.id = ${transactionId}
      union all
      select a.credit_account, a.credit_user, -t.amount_paise::bigint, 2
        from transactions t cross join lateral journal_accounts_of(t) a where t.id = ${transactionId}
      order by line`)
  ).rows;
}

/**
 * A UPI receipt (the transactions row `t`) a bank statement shows: it holds its line, or a line
 * with its UTR shows at least its amount. The line it holds no other payment can take, and a UTR
 * backs one received payment at most (the database's unique indexes), so a line shows one receipt.
 * A receipt verified before its statement was reconciled keeps no line (a verified row is final):
 * its UTR finds it.
 */
const shownByBankLine = (t: SQL) =>
  sql`(${t}.statement_line_id is not null or exists (select 1 from statement_lines l where l.utr = ${t}.payment_reference and l.amount_paise >= ${t}.amount_paise))`;

const describeTransaction = (row: Row) => `transaction ${row.id} (${row.type} by ${row.mode}, "${row.reason}", ${rupees(row.amount_paise)}, ${row.status})`;

/**
 * The checks, in order; each answers the first row it finds wrong, or nothing. SQL only: the
 * books are read as the database holds them, never through the code that wrote them.
 */
const CHECKS: { name: string; run: (db: Queryable) => Promise<Discrepancy | undefined> }[] = [
  {
    name: "every entry balances and has lines",
    async run(db) {
      const unbalanced = await first(
        db,
        sql`select e.id, e.memo, count(l.line)::int as lines, coalesce(sum(l.amount_paise), 0)::bigint as total
            from journal_entries e left join journal_lines l on l.entry_id = e.id
            group by e.id having count(l.line) < 2 or sum(l.amount_paise) <> 0
            order by e.id limit 1`,
      );
      if (unbalanced) {
        return {
          check: this.name,
          subject: `journal entry ${unbalanced.id}`,
          discrepancy:
            num(unbalanced.lines) < 2
              ? `Journal entry ${unbalanced.id} ("${unbalanced.memo}") has ${describeLines(await linesOf(db, unbalanced.id))}; an entry needs a debit and a credit.`
              : `Journal entry ${unbalanced.id} ("${unbalanced.memo}") does not balance: its lines sum to ${signed(unbalanced.total)} (${describeLines(await linesOf(db, unbalanced.id))}).`,
        };
      }
      const unknown = await first(db, sql`select entry_id, account from journal_lines where account not in (${sql.join(ACCOUNTS.map((account) => sql`${account}`), sql`, `)}) order by entry_id, line limit 1`);
      if (unknown) return { check: this.name, subject: `journal entry ${unknown.entry_id}`, discrepancy: `Journal entry ${unknown.entry_id} posts to an account the books do not have: "${unknown.account}".` };
      const orphan = await first(
        db,
        sql`select id, source from journal_entries
            where (source = 'transaction') <> (transaction_id is not null)
               or (source = 'prize') <> (quiz_id is not null and participant_id is not null and revision is not null)
               or (source = 'tax_deposit') <> (tax_deposit_id is not null)
               or (source = 'settlement') <> (settlement_line_id is not null)
               or source not in ('transaction', 'prize', 'tax_deposit', 'settlement')
            order by id limit 1`,
      );
      if (orphan) return { check: this.name, subject: `journal entry ${orphan.id}`, discrepancy: `Journal entry ${orphan.id} (source "${orphan.source}") does not name the one row it was posted for.` };
    },
  },
  {
    name: "every verified transaction has its entry, as the ledger row says now",
    async run(db) {
      const missing = await first(
        db,
        sql`select t.* from transactions t
            where t.status = 'verified' and t.amount_paise <> 0 and not exists (select 1 from journal_entries e where e.transaction_id = t.id)
            order by coalesce(t.reviewed_at, t.created_at), t.id limit 1`,
      );
      if (missing) return { check: this.name, subject: `transaction ${missing.id}`, discrepancy: `The ${describeTransaction(missing)} is verified but has no journal entry.` };
      const stray = await first(
        db,
        sql`select e.id as entry_id, t.* from journal_entries e join transactions t on t.id = e.transaction_id
            where t.status <> 'verified' or t.amount_paise <= 0 order by e.id limit 1`,
      );
      if (stray) return { check: this.name, subject: `transaction ${stray.id}`, discrepancy: `Journal entry ${stray.entry_id} was posted for the ${describeTransaction(stray)}, which moves no money now.` };
      // The lines each entry should have, recomputed from its ledger row as it stands, against those it has.
      const differing = await first(
        db,
        sql`with expected as (
              select e.id as entry_id, a.debit_account, a.debit_user, a.credit_account, a.credit_user, t.amount_paise::bigint as amount
              from journal_entries e join transactions t on t.id = e.transaction_id cross join lateral journal_accounts_of(t) a
            ), wanted as (
              select entry_id, 1 as line, debit_account as account, debit_user as user_id, amount from expected
              union all
              select entry_id, 2, credit_account, credit_user, -amount from expected
            ), held as (
              select l.entry_id, l.line, l.account, l.user_id, l.amount_paise as amount
              from journal_lines l join journal_entries e on e.id = l.entry_id where e.source = 'transaction'
            )
            select coalesce(w.entry_id, h.entry_id) as entry_id
            from wanted w full join held h on h.entry_id = w.entry_id and h.line = w.line
            where w.entry_id is null or h.entry_id is null or w.account <> h.account or w.user_id is distinct from h.user_id or w.amount <> h.amount
            order by 1 limit 1`,
      );
      if (differing) {
        const transaction = (await first(db, sql`select t.* from journal_entries e join transactions t on t.id = e.transaction_id where e.id = ${differing.entry_id}`))!;
        return {
          check: this.name,
          subject: `transaction ${transaction.id}`,
          discrepancy: `The ${describeTransaction(transaction)} does not match its journal entry ${differing.entry_id}: the entry has ${describeLines(await linesOf(db, differing.entry_id))}, the ledger row now says ${describeLines(await expectedLinesOf(db, transaction.id))}.`,
        };
      }
    },
  },
  {
    name: "every wallet equals its account",
    async run(db) {
      const wallet = await first(
        db,
        sql`with journal as (select user_id, -sum(amount_paise)::bigint as balance from journal_lines where account = 'wallets' group by user_id)
            select u.id, u.email, u.wallet_balance_paise as held, coalesce(j.balance, 0) as journal
            from users u left join journal j on j.user_id = u.id
            where u.wallet_balance_paise <> coalesce(j.balance, 0)
            order by u.created_at, u.id limit 1`,
      );
      if (wallet) {
        return {
          check: this.name,
          subject: `user ${wallet.id}`,
          discrepancy: `The wallet of user ${wallet.id} (${wallet.email}) holds ${rupees(wallet.held)}, but its account in the books says ${rupees(wallet.journal)}.`,
        };
      }
    },
  },
  {
    name: "the suspense account is empty",
    async run(db) {
      const suspense = await first(db, sql`select e.id, e.memo, e.transaction_id from journal_lines l join journal_entries e on e.id = l.entry_id where l.account = 'suspense' order by e.id limit 1`);
      if (suspense) {
        return {
          check: this.name,
          subject: suspense.transaction_id ? `transaction ${suspense.transaction_id}` : `journal entry ${suspense.id}`,
          discrepancy: `Journal entry ${suspense.id}${suspense.transaction_id ? ` of transaction ${suspense.transaction_id}` : ""} is in suspense: "${suspense.memo}". The books cannot place this movement.`,
        };
      }
    },
  },
  {
    name: "one bank credit backs one payment",
    async run(db) {
      const line = await first(
        db,
        sql`select statement_line_id, string_agg(id::text, ', ' order by created_at, id) as payments from transactions
            where statement_line_id is not null group by statement_line_id having count(*) > 1 order by statement_line_id limit 1`,
      );
      if (line) return { check: this.name, subject: `statement line ${line.statement_line_id}`, discrepancy: `Bank statement line ${line.statement_line_id} backs more than one payment: ${line.payments}.` };
      const utr = await first(
        db,
        sql`select upper(btrim(payment_reference)) as utr, string_agg(id::text, ', ' order by created_at, id) as payments from transactions
            where mode = 'upi' and type in ('credit', 'form pay') and (status = 'verified' or statement_line_id is not null) and nullif(btrim(payment_reference), '') is not null
            group by 1 having count(*) > 1 order by 1 limit 1`,
      );
      if (utr) return { check: this.name, subject: `UTR ${utr.utr}`, discrepancy: `UTR ${utr.utr} backs more than one received payment: ${utr.payments}.` };
    },
  },
  {
    name: "every receipt has its bank line or its audited verifier, every wallet credit its cause",
    async run(db) {
      // Money in (a UPI top-up or entry fee) or out (a withdrawal) is an admin's decision, audited
      // as they made it, unless a bank line shows it; a refund is an admin's audited decision; a
      // referral reward names its referral, and a free pass's wallet credit (before issue 52) or the
      // entry fee it paid (a prize in kind, booked to prizes) its redemption, of a pass its payer won.
      // A row written straight into the ledger, even with the app's own login, has none of these.
      const unexplained = await first(
        db,
        sql`with explained as (
              select t.*,
                case
                  -- The gateway's own check below: its receipts are on no bank line, and no admin decides them.
                  when t.mode = 'gateway' then 'gateway'
                  when t.refund_of_id is not null then 'refund'
                  when t.mode = 'upi' and t.type in ('credit', 'form pay') then 'receipt'
                  when t.type = 'debit' and t.reason not in ('prizePayout', 'prizeTaxWithheld') then 'withdrawal'
                  when t.type = 'credit' and t.mode = 'wallet' and t.reason = 'referralReward' then 'referral'
                  when t.type = 'credit' and t.mode = 'wallet' and t.reason = 'freePassCredit' then 'free pass'
                  when t.type = 'form pay' and t.mode = 'wallet' and t.reason = 'freePassEntry' then 'free pass entry'
                end as kind,
                exists (select 1 from audit_log a
                        where a.subject_type = 'payment' and a.subject_id = coalesce(t.refund_of_id, t.id)::text and a.actor_id = t.reviewed_by_id
                          and a.action = case when t.refund_of_id is not null then 'payment.refund' else 'payment.verify' end) as audited
              from transactions t where t.status = 'verified' and t.amount_paise > 0
            )
            select * from explained e
            where (e.kind = 'receipt' and not ${shownByBankLine(sql`e`)} and not e.audited)
               or (e.kind in ('withdrawal', 'refund') and not e.audited)
               or (e.kind = 'referral' and not exists (select 1 from referrals r where r.reward_transaction_id = e.id))
               or (e.kind in ('free pass', 'free pass entry') and not exists (
                     select 1 from free_pass_redemptions f
                     join result_rows r on r.quiz_id = f.quiz_id and r.revision = f.revision and r.participant_id = f.participant_id
                     where f.transaction_id = e.id and f.participant_id = e.user_id and r.free_pass))
            order by coalesce(e.reviewed_at, e.created_at), e.id limit 1`,
      );
      if (unexplained) {
        const decided = unexplained.reviewed_by_id === null ? "no admin decided it" : `user ${unexplained.reviewed_by_id}, named as deciding it, has no audit entry doing so`;
        const why: Record<string, string> = {
          receipt: `counts as money received, but no bank statement line shows it and ${decided}`,
          withdrawal: `counts as money paid out, but ${decided}`,
          refund: `gives payment ${unexplained.refund_of_id} back, but ${decided}`,
          referral: "is a referral reward that no referral names",
          "free pass": "is a free-pass prize that no redemption names",
          "free pass entry": "is an entry fee said to be paid by a free pass, but no redemption of a free pass its payer won names it",
        };
        return { check: this.name, subject: `transaction ${unexplained.id}`, discrepancy: `The ${describeTransaction(unexplained)} ${why[String(unexplained.kind)]}.` };
      }
    },
  },
  {
    name: "no receipt or refund is more than its bank line",
    async run(db) {
      // A receipt's line is its own; a refund's is the line of the payment it gives back.
      const over = await first(
        db,
        sql`select t.*, p.amount_paise as paid_paise, l.id as line_id, l.amount_paise as line_paise
            from transactions t
            left join transactions p on p.id = t.refund_of_id
            left join statement_lines l on l.id = coalesce(p.statement_line_id, t.statement_line_id)
            where t.status = 'verified' and (
              (t.refund_of_id is not null and (t.amount_paise > p.amount_paise or (p.mode = 'upi' and (l.id is null or l.amount_paise is null or t.amount_paise > l.amount_paise))))
              or (t.refund_of_id is null and t.statement_line_id is not null and (l.amount_paise is null or t.amount_paise > l.amount_paise)))
            order by coalesce(t.reviewed_at, t.created_at), t.id limit 1`,
      );
      if (over) {
        const line = `bank statement line ${over.line_id} (${over.line_paise === null ? "no amount read" : rupees(over.line_paise)})`;
        const what =
          over.refund_of_id === null
            ? `counts as received more than its ${line} shows`
            : num(over.amount_paise) > num(over.paid_paise)
              ? `gives back more than payment ${over.refund_of_id} paid (${rupees(over.paid_paise)})`
              : over.line_id === null
                ? `gives back payment ${over.refund_of_id}, which no bank statement line shows`
                : `gives back more than payment ${over.refund_of_id}'s ${line} shows`;
        return { check: this.name, subject: `transaction ${over.id}`, discrepancy: `The ${describeTransaction(over)} ${what}.` };
      }
    },
  },
  {
    name: "every gateway receipt is a payment the gateway captured and the app recorded, every gateway refund one the gateway processed",
    async run(db) {
      // A receipt names its captured payment both ways (the payment's transaction, the receipt's payment reference), for the
      // amount its order fixed, of the payer's own order; an entry fee, of an entry-fee order for the same quiz.
      const receipt = await first(
        db,
        sql`select t.*, p.gateway_payment_id, p.status as payment_status, p.amount_paise as paid_paise, p.currency, o.user_id as order_user_id, o.purpose, o.quiz_id as order_quiz_id, o.amount_paise as order_paise
            from transactions t
            left join gateway_payments p on p.transaction_id = t.id
            left join gateway_orders o on o.id = p.order_id
            where t.status = 'verified' and t.mode = 'gateway' and t.type in ('credit', 'form pay') and (
              p.gateway_payment_id is null or p.status <> 'captured' or p.amount_paise <> t.amount_paise or p.currency <> 'INR'
              or t.payment_reference is distinct from p.gateway_payment_id or o.id is null or o.amount_paise <> p.amount_paise or o.user_id <> t.user_id
              or (t.type = 'form pay' and (o.purpose <> 'entry_fee' or o.quiz_id is distinct from t.quiz_id)))
            order by coalesce(t.reviewed_at, t.created_at), t.id limit 1`,
      );
      if (receipt) {
        const payment = `gateway payment ${receipt.gateway_payment_id}`;
        const why =
          receipt.gateway_payment_id === null
            ? "no gateway payment the app recorded names it"
            : receipt.payment_status !== "captured"
              ? `${payment}, which names it, is ${receipt.payment_status}, not captured`
              : num(receipt.paid_paise) !== num(receipt.amount_paise) || receipt.currency !== "INR"
                ? `${payment}, which names it, is for ${receipt.currency} ${rupees(receipt.paid_paise)}`
                : receipt.payment_reference !== receipt.gateway_payment_id
                  ? `it names payment ${receipt.payment_reference ?? "none"}, but ${payment} names it`
                  : receipt.order_user_id === null
                    ? `${payment} names no order`
                    : num(receipt.order_paise) !== num(receipt.paid_paise)
                      ? `${payment} paid its order's ${rupees(receipt.order_paise)} with ${rupees(receipt.paid_paise)}`
                      : receipt.order_user_id !== receipt.user_id
                        ? `${payment} paid an order of user ${receipt.order_user_id}, not of user ${receipt.user_id}`
                        : `${payment} paid ${receipt.purpose === "entry_fee" ? `the entry fee of quiz ${receipt.order_quiz_id}` : "a wallet top-up"}, not the entry fee of quiz ${receipt.quiz_id}`;
        return { check: this.name, subject: `transaction ${receipt.id}`, discrepancy: `The ${describeTransaction(receipt)} counts as received through the gateway, but ${why}.` };
      }
      // What only the app can write: its signature over the fields above, with a key the database never holds.
      const captured = await db.execute<Row>(
        sql`select gateway_payment_id, order_id, status::text as status, amount_paise, currency, transaction_id, app_signature from gateway_payments where status = 'captured' order by created_at, gateway_payment_id`,
      );
      const forged = captured.rows.find(
        (row) =>
          !gatewayPaymentSignatureValid({
            gatewayPaymentId: String(row.gateway_payment_id),
            orderId: String(row.order_id),
            status: String(row.status),
            amountPaise: num(row.amount_paise),
            currency: String(row.currency),
            transactionId: row.transaction_id === null ? null : String(row.transaction_id),
            appSignature: String(row.app_signature),
          }),
      );
      if (forged) {
        return {
          check: this.name,
          subject: `gateway payment ${forged.gateway_payment_id}`,
          discrepancy: `Gateway payment ${forged.gateway_payment_id} (captured, ${rupees(forged.amount_paise)}, crediting transaction ${forged.transaction_id}) does not carry the app's signature over what it says: the app did not record it so, and the money it counts was never confirmed by the gateway to the app.`,
        };
      }
      // A refund through the gateway gives back a captured payment of the same payer, once, no more than it paid.
      const refund = await first(
        db,
        sql`select t.*, r.gateway_refund_id, r.status as refund_status, r.amount_paise as refund_paise, r.gateway_payment_id, p.amount_paise as paid_paise, o.user_id as payer_id
            from transactions t
            left join gateway_refunds r on r.transaction_id = t.id
            left join gateway_payments p on p.gateway_payment_id = r.gateway_payment_id and p.status = 'captured'
            left join gateway_orders o on o.id = p.order_id
            where t.status = 'verified' and t.mode = 'gateway' and t.type = 'debit' and (
              r.gateway_refund_id is null or r.status <> 'processed' or r.amount_paise <> t.amount_paise
              or p.gateway_payment_id is null or r.amount_paise > p.amount_paise or o.user_id is distinct from t.user_id)
            order by coalesce(t.reviewed_at, t.created_at), t.id limit 1`,
      );
      if (refund) {
        const gatewayRefund = `gateway refund ${refund.gateway_refund_id}`;
        const why =
          refund.gateway_refund_id === null
            ? "no gateway refund names it"
            : refund.refund_status !== "processed"
              ? `${gatewayRefund}, which names it, is ${refund.refund_status}, not processed`
              : num(refund.refund_paise) !== num(refund.amount_paise)
                ? `${gatewayRefund}, which names it, is for ${rupees(refund.refund_paise)}`
                : refund.paid_paise === null
                  ? `${gatewayRefund} gives back ${refund.gateway_payment_id}, which is no captured gateway payment`
                  : num(refund.refund_paise) > num(refund.paid_paise)
                    ? `${gatewayRefund} gives back more than ${refund.gateway_payment_id} paid (${rupees(refund.paid_paise)})`
                    : `${gatewayRefund} gives back ${refund.gateway_payment_id}, a payment of user ${refund.payer_id}`;
        return { check: this.name, subject: `transaction ${refund.id}`, discrepancy: `The ${describeTransaction(refund)} counts as refunded through the gateway, but ${why}.` };
      }
    },
  },
  {
    name: "every settlement line settles a payment or refund of ours once, its fee within its amount, and its entry matches",
    async run(db) {
      const settled = await first(
        db,
        sql`select s.*, p.amount_paise as paid_paise, r.amount_paise as refund_paise, (select count(*) from gateway_settlement_lines d where d.entity_id = s.entity_id)::int as times
            from gateway_settlement_lines s
            left join gateway_payments p on s.kind = 'payment' and p.gateway_payment_id = s.entity_id and p.status = 'captured'
            left join gateway_refunds r on s.kind = 'refund' and r.gateway_refund_id = s.entity_id and r.status = 'processed'
            where s.kind not in ('payment', 'refund')
               or (s.kind = 'payment' and (p.gateway_payment_id is null or p.amount_paise <> s.amount_paise))
               or (s.kind = 'refund' and (r.gateway_refund_id is null or r.amount_paise <> s.amount_paise))
               or not (s.fee_paise >= 0 and s.tax_paise >= 0 and s.tax_paise <= s.fee_paise and s.fee_paise < s.amount_paise)
               or (select count(*) from gateway_settlement_lines d where d.entity_id = s.entity_id) > 1
            order by s.settled_at, s.id limit 1`,
      );
      if (settled) {
        const held = settled.kind === "payment" ? settled.paid_paise : settled.refund_paise;
        const why =
          settled.kind !== "payment" && settled.kind !== "refund"
            ? `settles a "${settled.kind}", which the books do not hold`
            : held === null
              ? `settles ${settled.entity_id}, which is no ${settled.kind === "payment" ? "captured gateway payment" : "processed gateway refund"} of ours`
              : num(held) !== num(settled.amount_paise)
                ? `settles ${settled.entity_id} for ${rupees(settled.amount_paise)}, but ours is for ${rupees(held)}`
                : num(settled.times) > 1
                  ? `settles ${settled.entity_id}, which ${num(settled.times)} settlement lines settle`
                  : `charges a fee of ${rupees(settled.fee_paise)} (tax ${rupees(settled.tax_paise)}) on ${rupees(settled.amount_paise)}: a fee is within its amount and includes its tax`;
        return {
          check: this.name,
          subject: `settlement line ${settled.id}`,
          discrepancy: `Settlement line ${settled.id} (line ${settled.line_number} of report ${settled.report_id}, settlement ${settled.settlement_id}) ${why}.`,
        };
      }
      // The lines each settlement's entry should have, from the settlement line as it stands, against those it has.
      const differing = await first(
        db,
        sql`with wanted as (
              select e.id as entry_id, 1 as line, 'bank' as account, (case when s.kind = 'payment' then s.amount_paise else -s.amount_paise end) - s.fee_paise as amount
                from gateway_settlement_lines s join journal_entries e on e.settlement_line_id = s.id
              union all
              select e.id, 2, 'gateway_clearing', case when s.kind = 'payment' then -s.amount_paise else s.amount_paise end
                from gateway_settlement_lines s join journal_entries e on e.settlement_line_id = s.id
              union all
              select e.id, 3, 'gateway_fees', s.fee_paise
                from gateway_settlement_lines s join journal_entries e on e.settlement_line_id = s.id where s.fee_paise > 0
            ), held as (
              select l.entry_id, l.line, l.account, l.user_id, l.amount_paise as amount
              from journal_lines l join journal_entries e on e.id = l.entry_id where e.source = 'settlement'
            )
            select s.id as settlement_line_id, e.id as entry_id from gateway_settlement_lines s left join journal_entries e on e.settlement_line_id = s.id where e.id is null
            union all
            (select s.id, coalesce(w.entry_id, h.entry_id)
             from wanted w full join held h on h.entry_id = w.entry_id and h.line = w.line
             left join journal_entries e on e.id = coalesce(w.entry_id, h.entry_id) left join gateway_settlement_lines s on s.id = e.settlement_line_id
             where w.entry_id is null or h.entry_id is null or w.account <> h.account or h.user_id is not null or w.amount <> h.amount)
            order by 2 nulls first limit 1`,
      );
      if (differing) {
        const line = (await first(db, sql`select * from gateway_settlement_lines where id = ${differing.settlement_line_id}`)) ?? {};
        const named = line.id ? `Settlement line ${line.id} (${line.kind} ${line.entity_id}, ${rupees(line.amount_paise)}, fee ${rupees(line.fee_paise)})` : "A settlement entry naming no settlement line";
        if (differing.entry_id === null) return { check: this.name, subject: `settlement line ${line.id}`, discrepancy: `${named} has no journal entry.` };
        const wanted = line.id
          ? describeLines([
              { account: "bank", user_id: null, amount_paise: (line.kind === "payment" ? num(line.amount_paise) : -num(line.amount_paise)) - num(line.fee_paise) },
              { account: "gateway_clearing", user_id: null, amount_paise: line.kind === "payment" ? -num(line.amount_paise) : num(line.amount_paise) },
              ...(num(line.fee_paise) > 0 ? [{ account: "gateway_fees", user_id: null, amount_paise: num(line.fee_paise) }] : []),
            ])
          : "no lines";
        return {
          check: this.name,
          subject: line.id ? `settlement line ${line.id}` : `journal entry ${differing.entry_id}`,
          discrepancy: `${named} does not match its journal entry ${differing.entry_id}: the entry has ${describeLines(await linesOf(db, differing.entry_id))}, the settlement line says ${wanted}.`,
        };
      }
    },
  },
  {
    name: "gateway clearing equals what the gateway holds",
    async run(db) {
      // From the gateway's own records, not the journal: captured payments in, processed refunds out, settlements to the bank out, settled refunds back in.
      const totals = (await first(
        db,
        sql`select
              (select coalesce(sum(amount_paise), 0) from journal_lines where account = 'gateway_clearing')::bigint as books,
              (select coalesce(sum(amount_paise), 0) from gateway_payments where status = 'captured')::bigint as captured,
              (select coalesce(sum(amount_paise), 0) from gateway_refunds where status = 'processed')::bigint as refunded,
              (select coalesce(sum(amount_paise), 0) from gateway_settlement_lines where kind = 'payment')::bigint as settled_payments,
              (select coalesce(sum(amount_paise), 0) from gateway_settlement_lines where kind = 'refund')::bigint as settled_refunds`,
      ))!;
      const holds = num(totals.captured) - num(totals.refunded) - num(totals.settled_payments) + num(totals.settled_refunds);
      if (num(totals.books) !== holds) {
        return {
          check: this.name,
          subject: "account gateway_clearing",
          discrepancy: `Gateway clearing in the books is ${signed(totals.books)}, but the gateway holds ${signed(holds)}: captured payments ${rupees(totals.captured)} less processed refunds ${rupees(totals.refunded)}, less payments settled to the bank ${rupees(totals.settled_payments)}, plus refunds settled from it ${rupees(totals.settled_refunds)}.`,
        };
      }
    },
  },
  {
    name: "prize liability equals published prizes not yet paid, prizes to recover equal what was paid above them",
    async run(db) {
      // Per participant: their prize entries (the first version's, then each revision's change) add up to their prize in the
      // current version; what they book to recover is what their paid claims hold above that prize, and what they owe is the
      // prize plus that (their payments, as ledger rows, then take what is owed down to what is unpaid). Never netted.
      const prize = await first(
        db,
        sql`with wanted as (
              select r.quiz_id, r.participant_id, r.rank, r.prize_paise::bigint as prize from current_result_rows r where r.prize_paise > 0
            ), paid as (
              select c.quiz_id, c.participant_id, sum(c.gross_paise)::bigint as paid from prize_claims c where c.status = 'paid' group by c.quiz_id, c.participant_id
            ), held as (
              select e.quiz_id, e.participant_id, string_agg(distinct e.id::text, ', ') as entry_ids, count(distinct e.id)::int as entries,
                coalesce(sum(l.amount_paise) filter (where l.account = 'prizes'), 0)::bigint as expense,
                coalesce(-sum(l.amount_paise) filter (where l.account = 'prize_liability'), 0)::bigint as liability,
                coalesce(sum(l.amount_paise) filter (where l.account = 'prize_recoverable'), 0)::bigint as recoverable,
                count(*) filter (where l.account not in ('prizes', 'prize_liability', 'prize_recoverable'))::int as others
              from journal_entries e join journal_lines l on l.entry_id = e.id where e.source = 'prize'
              group by e.quiz_id, e.participant_id
            ), compared as (
              select coalesce(w.quiz_id, h.quiz_id) as quiz_id, coalesce(w.participant_id, h.participant_id) as participant_id, w.rank, w.prize,
                h.entry_ids, h.entries, h.expense, h.liability, h.recoverable, h.others,
                greatest(coalesce(p.paid, 0) - coalesce(w.prize, 0), 0) as to_recover
              from wanted w full join held h on h.quiz_id = w.quiz_id and h.participant_id = w.participant_id
              left join paid p on p.quiz_id = coalesce(w.quiz_id, h.quiz_id) and p.participant_id = coalesce(w.participant_id, h.participant_id)
            )
            select * from compared
            where (prize is null and (expense <> 0 or recoverable <> to_recover or liability <> to_recover or others > 0))
               or (prize is not null and (entry_ids is null or expense <> prize or recoverable <> to_recover or liability <> prize + to_recover or others > 0))
            order by 1, 2 limit 1`,
      );
      if (prize) {
        const row = `the result row of quiz ${prize.quiz_id}, participant ${prize.participant_id}`;
        const subject = `result row ${prize.quiz_id}/${prize.participant_id}`;
        if (prize.entry_ids === null) return { check: this.name, subject, discrepancy: `${capitalise(row)} (rank ${prize.rank}) carries a cash prize of ${rupees(prize.prize)} but has no journal entry.` };
        const entries = num(prize.entries) === 1 ? `journal entry ${prize.entry_ids}` : `journal entries ${prize.entry_ids}`;
        const booked = `${rupees(prize.expense)} of prize expense, ${rupees(prize.liability)} of prize liability and ${rupees(prize.recoverable)} to recover${num(prize.others) > 0 ? `, with ${num(prize.others)} line(s) on other accounts` : ""}`;
        const recover = num(prize.to_recover) > 0 ? `; ${rupees(prize.to_recover)} was paid above it, to recover` : "";
        if (prize.prize === null) return { check: this.name, subject, discrepancy: `${capitalise(entries)} book ${booked} for ${row}, which carries no cash prize in the current version of the results${recover}.` };
        return { check: this.name, subject, discrepancy: `${capitalise(row)} (rank ${prize.rank}) carries a cash prize of ${rupees(prize.prize)}${recover}, but its ${entries} book ${booked}.` };
      }
      const claim = await first(
        db,
        sql`select c.id, c.net_paise, c.tax_paise, p.amount_paise as paid, p.status as paid_status, p.reason as paid_reason, x.amount_paise as tax, x.status as tax_status, x.reason as tax_reason
            from prize_claims c
            left join transactions p on p.id = c.payout_transaction_id
            left join transactions x on x.id = c.tax_transaction_id
            where c.status = 'paid' and (
              p.id is null or p.status <> 'verified' or p.reason <> 'prizePayout' or p.amount_paise <> c.net_paise or p.user_id <> c.participant_id
              or (c.tax_paise > 0 and (x.id is null or x.status <> 'verified' or x.reason <> 'prizeTaxWithheld' or x.amount_paise <> c.tax_paise or x.user_id <> c.participant_id))
              or (c.tax_paise = 0 and x.id is not null))
            order by c.paid_at, c.id limit 1`,
      );
      if (claim) {
        return {
          check: this.name,
          subject: `prize claim ${claim.id}`,
          discrepancy: `Paid prize claim ${claim.id} (net ${rupees(claim.net_paise)}, tax ${rupees(claim.tax_paise)}) does not match its ledger rows: payout ${claim.paid === null ? "missing" : `${rupees(claim.paid)} ${claim.paid_status} "${claim.paid_reason}"`}, tax ${claim.tax === null ? "none" : `${rupees(claim.tax)} ${claim.tax_status} "${claim.tax_reason}"`}.`,
        };
      }
      // The accounts as a whole: what is owed is each winner's prize less what they were paid, where positive; what is to
      // recover is what they were paid above their prize, where positive.
      const totals = (await first(
        db,
        sql`with positions as (
              select coalesce(r.prize, 0) as prize, coalesce(p.paid, 0) as paid
              from (select quiz_id, participant_id, prize_paise::bigint as prize from current_result_rows where prize_paise > 0) r
              full join (select quiz_id, participant_id, sum(gross_paise)::bigint as paid from prize_claims where status = 'paid' group by quiz_id, participant_id) p
                on p.quiz_id = r.quiz_id and p.participant_id = r.participant_id
            )
            select
              (select coalesce(-sum(amount_paise), 0) from journal_lines where account = 'prize_liability')::bigint as books,
              (select coalesce(sum(amount_paise), 0) from journal_lines where account = 'prize_recoverable')::bigint as books_recoverable,
              (select coalesce(sum(greatest(prize - paid, 0)), 0) from positions)::bigint as unpaid,
              (select coalesce(sum(greatest(paid - prize, 0)), 0) from positions)::bigint as over_paid`,
      ))!;
      if (num(totals.books) !== num(totals.unpaid)) {
        return {
          check: this.name,
          subject: "account prize_liability",
          discrepancy: `Prize liability in the books is ${rupees(totals.books)}, but published cash prizes not yet paid are ${rupees(totals.unpaid)}.`,
        };
      }
      if (num(totals.books_recoverable) !== num(totals.over_paid)) {
        return {
          check: this.name,
          subject: "account prize_recoverable",
          discrepancy: `Prizes to recover in the books are ${rupees(totals.books_recoverable)}, but prizes paid above the current results are ${rupees(totals.over_paid)}.`,
        };
      }
    },
  },
  {
    name: "tax payable equals tax withheld less deposits",
    async run(db) {
      const deposit = await first(
        db,
        sql`select d.id, d.challan_reference, d.amount_paise, e.id as entry_id from tax_deposits d left join journal_entries e on e.tax_deposit_id = d.id
            where e.id is null
               or (select coalesce(sum(amount_paise), 0) from journal_lines l where l.entry_id = e.id and l.account = 'tax_payable') <> d.amount_paise
               or (select coalesce(-sum(amount_paise), 0) from journal_lines l where l.entry_id = e.id and l.account = 'bank') <> d.amount_paise
            order by d.created_at, d.id limit 1`,
      );
      if (deposit) {
        return {
          check: this.name,
          subject: `tax deposit ${deposit.id}`,
          discrepancy:
            deposit.entry_id === null
              ? `Tax deposit ${deposit.id} (challan ${deposit.challan_reference}, ${rupees(deposit.amount_paise)}) has no journal entry.`
              : `Tax deposit ${deposit.id} (challan ${deposit.challan_reference}, ${rupees(deposit.amount_paise)}) does not match its journal entry ${deposit.entry_id}: ${describeLines(await linesOf(db, deposit.entry_id))}.`,
        };
      }
      const totals = (await first(
        db,
        sql`select
              (select coalesce(-sum(amount_paise), 0) from journal_lines where account = 'tax_payable')::bigint as books,
              (select coalesce(sum(amount_paise), 0) from transactions where status = 'verified' and type = 'debit' and reason = 'prizeTaxWithheld')::bigint as withheld,
              (select coalesce(sum(amount_paise), 0) from tax_deposits)::bigint as deposited`,
      ))!;
      if (num(totals.books) !== num(totals.withheld) - num(totals.deposited)) {
        return {
          check: this.name,
          subject: "account tax_payable",
          discrepancy: `Tax payable in the books is ${rupees(totals.books)}, but tax withheld (${rupees(totals.withheld)}) less deposits (${rupees(totals.deposited)}) is ${rupees(num(totals.withheld) - num(totals.deposited))}.`,
        };
      }
    },
  },
  {
    name: "the journal sums to zero",
    async run(db) {
      const total = (await first(db, sql`select coalesce(sum(amount_paise), 0)::bigint as total from journal_lines`))!;
      if (num(total.total) !== 0) return { check: this.name, subject: "the journal", discrepancy: `The journal's lines sum to ${signed(total.total)}, not zero.` };
    },
  },
];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every check in order on one snapshot of the database: the first discrepancy, or the totals. */
async function runChecks(db: Queryable): Promise<LedgerCheck> {
  for (const check of CHECKS) {
    const found = await check.run(db);
    if (found) return { ok: false, ...found };
  }
  const totals = (await first(
    db,
    sql`select (select count(*) from journal_entries)::int as entries,
          coalesce(sum(amount_paise) filter (where account = 'bank'), 0)::bigint as bank,
          coalesce(-sum(amount_paise) filter (where account = 'wallets'), 0)::bigint as wallets,
          coalesce(-sum(amount_paise) filter (where account = 'prize_liability'), 0)::bigint as prize_liability,
          coalesce(sum(amount_paise) filter (where account = 'prize_recoverable'), 0)::bigint as prize_recoverable,
          coalesce(-sum(amount_paise) filter (where account = 'tax_payable'), 0)::bigint as tax_payable
        from journal_lines`,
  ))!;
  // Not a discrepancy: money an admin verified before the bank statement showing it was reconciled.
  const unmatched = (await first(
    db,
    sql`select count(*)::int as receipts, coalesce(sum(t.amount_paise), 0)::bigint as paise from transactions t
        where t.status = 'verified' and t.mode = 'upi' and t.type in ('credit', 'form pay') and not ${shownByBankLine(sql`t`)}`,
  ))!;
  return {
    ok: true,
    totals: {
      entries: num(totals.entries),
      bankPaise: num(totals.bank),
      walletsPaise: num(totals.wallets),
      prizeLiabilityPaise: num(totals.prize_liability),
      prizeRecoverablePaise: num(totals.prize_recoverable),
      taxPayablePaise: num(totals.tax_payable),
    },
    receiptsNotOnBankLine: { count: num(unmatched.receipts), paise: num(unmatched.paise) },
  };
}

/**
 * npm run ledger:check, as a service: the journal balances, each verified ledger row has the entry
 * its accounts say now, every wallet equals its account, nothing sits in suspense, no bank line
 * or UTR backs two payments, every receipt has its bank line or its audited verifier and every
 * wallet credit its cause, no receipt or refund is more than its bank line, every gateway receipt
 * and refund is one the gateway confirmed and the app signed, every settlement line settles one of
 * ours once with its entry, gateway clearing equals what the gateway holds, prize liability, prizes
 * to recover and tax payable equal what the prizes, claims and deposits say. Receipts no bank line shows yet
 * are a figure beside the totals, not a discrepancy. On a database of its own (the script's) it reads one repeatable-read snapshot;
 * inside a caller's transaction it reads what that transaction sees.
 */
export const checkLedger = service("books.read", async (_actor, database?: Queryable): Promise<LedgerCheck> => {
  if (database && "rollback" in database) return runChecks(database);
  const db = database ?? (await getDb());
  return db.transaction((tx) => runChecks(tx), { isolationLevel: "repeatable read", accessMode: "read only" });
});
