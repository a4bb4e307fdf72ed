import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The books of payments through the gateway (issue 54): its settlement report moves clearing to
 * the bank less the gateway's fees, once; ledger:check holds every gateway receipt, refund and
 * settlement to what the gateway and the app recorded. Payments are made through the local fake of
 * Razorpay's API and confirmed as the payer's browser confirms them, on a database of this file's
 * own: the ledger check sees every row.
 */
const own = await vi.hoisted(async () => (await import("../support/own-database")).ownDatabase());

import { randomBytes } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { POST as settlementRoute } from "@/app/api/payments/gateway/settlements/route";
import { auditLog, gatewayPayments, gatewaySettlementLines, gatewaySettlementReports, transactions } from "@/db/schema";
import { SYSTEM, type ActiveUser } from "@/lib/auth";
import { checkLedger, trialBalance, type LedgerCheck } from "@/lib/books";
import { getDb, type DatabaseTransaction } from "@/lib/db";
import { Forbidden } from "@/lib/errors";
import { formatRupeesWithSymbol } from "@/lib/money";
import { confirmGatewayPayment, createGatewayOrder, recordSettlementReport, refundThroughGateway } from "@/lib/payments";
import type { FakeRazorpay } from "../support/fake-razorpay";
import { deliverWebhook, withFakeGateway } from "../support/gateway";
import { call } from "../support/http";
import { seededBeforeAndDroppedAfter } from "../support/own-database";
import { asOwner } from "../support/owner";
import { admin, participant } from "../support/users";
import { adult, balanceOf, openRegistration } from "../support/wallet";

seededBeforeAndDroppedAfter(own);

const gateway = withFakeGateway();
let fake: FakeRazorpay;

beforeAll(() => {
  fake = gateway.fake;
});

afterEach(async () => {
  expect(await checkLedger(SYSTEM)).toMatchObject({ ok: true });
});

const RECON_HEADER = "entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,settlement_utr,order_id,method";

/** One line of a settlement recon report, as the gateway writes it: paise, Unix seconds. */
function reconLine(line: { entityId: string; type?: string; amount: number; fee?: number; tax?: number; currency?: string; settled?: boolean }): string {
  const { entityId, type = "payment", amount, fee = 0, tax = 0, currency = "INR", settled = true } = line;
  const at = Math.floor(Date.now() / 1000);
  return [entityId, type, type === "refund" ? amount + fee : 0, type === "refund" ? 0 : amount - fee, amount, currency, fee, tax, false, settled, at - 3600, at, "setl_TESTSETTLEMENT1", "UTR1234567890", "order_TESTORDER0001", "upi"].join(",");
}

const report = (...lines: string[]) => [RECON_HEADER, ...lines].join("\n") + "\n";

/** A payment through the gateway, as the payer makes it: the order, the checkout, the browser's confirmation. */
async function paidThroughGateway(payer: ActiveUser, order: { purpose: "top_up"; amount: number } | { purpose: "entry_fee"; quizId: string }, outcome: "captured" | "failed" = "captured") {
  const checkout = await createGatewayOrder(payer, order);
  const paid = fake.pay(checkout.gatewayOrderId, { outcome });
  if (paid.checkout) {
    await confirmGatewayPayment(payer, { gatewayOrderId: checkout.gatewayOrderId, gatewayPaymentId: paid.payment.id, signature: paid.checkout.razorpay_signature });
  } else {
    // A failed payment hands the page nothing to confirm: the gateway's signed webhook tells of it.
    for (const event of paid.events) expect((await deliverWebhook(event)).status).toBe(200);
  }
  // Held for want of a webhook URL; the confirmation above counted the payment.
  fake.drop();
  const [receipt] = await (await getDb()).select().from(transactions).where(and(eq(transactions.mode, "gateway"), eq(transactions.paymentReference, paid.payment.id)));
  return { payment: paid.payment, receipt };
}

/** Each account's balance in the journal now. */
async function balances(): Promise<Record<string, number>> {
  const { rows } = await (await getDb()).execute<{ account: string; balance: string }>(sql`select account, sum(amount_paise)::bigint as balance from journal_lines group by account`);
  return Object.fromEntries(rows.map((row) => [row.account, Number(row.balance)]));
}

const settlementLineCount = async () => (await (await getDb()).select({ n: count() }).from(gatewaySettlementLines))[0].n;

function failed(result: LedgerCheck) {
  if (result.ok) throw new Error("expected the ledger check to fail");
  return result;
}

/** The ledger check on a change made inside a transaction that is rolled back: by the app's own login, or by the schema's owner with every trigger off. */
async function checkedThenRolledBack(change: (tx: DatabaseTransaction) => Promise<void>, as: "app" | "owner"): Promise<LedgerCheck> {
  let result: LedgerCheck | undefined;
  const undo = new Error("rolled back on purpose");
  const work = async (tx: DatabaseTransaction) => {
    if (as === "owner") await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
    result = await checkLedger(SYSTEM, tx);
    throw undo;
  };
  await expect(as === "app" ? (await getDb()).transaction(work) : asOwner(work, own.ownerUrl)).rejects.toBe(undo);
  return result!;
}

describe("the gateway's settlement report", () => {
  it("moves captured payments from clearing to the bank less their fees, and a settled refund back, with ledger:check passing", async () => {
    const reviewer = await admin();
    const [topUpPayer, entrant, refunded] = [await adult(), await adult(), await adult()];
    const quiz = await openRegistration({ entryFeePaise: 10_000 });
    await paidThroughGateway(topUpPayer, { purpose: "top_up", amount: 500 });
    const fee = await paidThroughGateway(entrant, { purpose: "entry_fee", quizId: quiz.id });
    expect(fee.receipt).toMatchObject({ type: "form pay", status: "verified", amountPaise: 10_000 });
    const toRefund = await paidThroughGateway(refunded, { purpose: "top_up", amount: 300 });
    await refundThroughGateway(reviewer, toRefund.receipt.id, "The payer asked for the money back.");
    expect(await balanceOf(refunded.id)).toBe(0);
    const before = await balances();
    expect(before.gateway_clearing).toBe(50_000 + 10_000);

    const settlement = fake.settle();
    expect(settlement.lines.map((line) => line.type).sort()).toEqual(["payment", "payment", "payment", "refund"]);
    const result = await recordSettlementReport(reviewer, { csv: settlement.csv, fileName: "settlement.csv" });

    // Razorpay's fee is 2 % plus 18 % GST on it: ₹11.80 on ₹500, ₹2.36 on ₹100, ₹7.08 on ₹300; a refund costs nothing.
    expect(result).toMatchObject({ lines: 4, settled: 4, paymentsPaise: 90_000, refundsPaise: 30_000, feesPaise: 1_180 + 236 + 708, netPaise: 90_000 - 30_000 - 2_124 });
    expect(result.notes.map((note) => note.outcome)).toEqual(["settled", "settled", "settled", "settled"]);
    const after = await balances();
    expect(after.gateway_clearing).toBe(0);
    expect(after.bank - (before.bank ?? 0)).toBe(90_000 - 2_124 - 30_000);
    expect(after.gateway_fees - (before.gateway_fees ?? 0)).toBe(2_124);
    expect(await settlementLineCount()).toBe(4);

    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, "payment.settle"), eq(auditLog.subjectId, result.reportId)));
    expect(audit).toMatchObject({ actorId: reviewer.id, subjectType: "gateway_settlement_report", after: { lines: 4, settled: 4, feesPaise: 2_124, fileName: "settlement.csv" } });
    const balance = await trialBalance(reviewer, {});
    expect(balance.lines.find((line) => line.account === "gateway_fees")?.closingPaise).toBe(after.gateway_fees);
    expect(balance.lines.find((line) => line.account === "gateway_clearing")?.closingPaise).toBe(0);

    // Uploaded again, or overlapping the next report: what was settled counts once.
    const books = await balances();
    const again = await recordSettlementReport(reviewer, { csv: settlement.csv });
    expect(again).toMatchObject({ lines: 4, settled: 0, feesPaise: 0, netPaise: 0 });
    expect(again.notes.map((note) => note.outcome)).toEqual(["already-settled", "already-settled", "already-settled", "already-settled"]);
    expect(await balances()).toEqual(books);
    expect(await settlementLineCount()).toBe(4);

    const next = await paidThroughGateway(await adult(), { purpose: "top_up", amount: 250 });
    const overlapping = settlement.csv + fake.settle().csv.split("\n").slice(1).join("\n");
    const later = await recordSettlementReport(reviewer, { csv: overlapping });
    expect(later.notes.map((note) => [note.entityId, note.outcome])).toEqual([...settlement.lines.map((line) => [line.entity_id, "already-settled"]), [next.payment.id, "settled"]]);
    expect((await balances()).gateway_clearing).toBe(0);
  });

  it("refuses a line for another amount, a payment it does not hold, one not captured or a refund not processed, and leaves other lines out", async () => {
    const reviewer = await admin();
    const payer = await adult();
    const paid = await paidThroughGateway(payer, { purpose: "top_up", amount: 200 });
    const books = await balances();
    const lines = await settlementLineCount();

    const result = await recordSettlementReport(reviewer, {
      csv: report(
        reconLine({ entityId: paid.payment.id, amount: 25_000, fee: 590, tax: 90 }),
        reconLine({ entityId: "pay_NOTOURS0000001", amount: 20_000, fee: 472, tax: 72 }),
        reconLine({ entityId: "rfnd_NOTOURS000001", type: "refund", amount: 20_000 }),
        reconLine({ entityId: "adj_EhcHONhX4ChgNC", type: "adjustment", amount: 1_012 }),
        reconLine({ entityId: "pay_NOTSETTLED0001", amount: 20_000, settled: false }),
        reconLine({ entityId: paid.payment.id, amount: 20_000, fee: 20_000 }),
        reconLine({ entityId: paid.payment.id, amount: 20_000, currency: "USD" }),
        reconLine({ entityId: paid.payment.id, amount: 20_000, fee: 472, tax: 72 }),
        reconLine({ entityId: "=HYPERLINK(\"http://evil.example\")", amount: 20_000 }),
        reconLine({ entityId: "pay_TYPEINCAPITALS1", type: "PAYMENT", amount: 20_000 }),
      ),
    });
    expect(result.notes.map((note) => [note.line, note.outcome])).toEqual([
      [1, "amount-differs"],
      [2, "unknown"],
      [3, "unknown"],
      [4, "other-type"],
      [5, "not-settled"],
      [6, "unreadable"],
      [7, "currency-differs"],
      [8, "repeat"],
      [9, "unreadable"],
      [10, "unknown"],
    ]);
    expect(result.notes[7]).toMatchObject({ sameAs: 1 });
    expect(result.notes[0]).toMatchObject({ entityId: paid.payment.id, amountPaise: 25_000, heldAmountPaise: 20_000 });
    expect(result.settled).toBe(0);
    expect(await balances()).toEqual(books);
    expect(await settlementLineCount()).toBe(lines);

    // The same payment on a line of its own amount settles.
    const settled = await recordSettlementReport(reviewer, { csv: report(reconLine({ entityId: paid.payment.id, amount: 20_000, fee: 472, tax: 72 })) });
    expect(settled.notes).toEqual([expect.objectContaining({ outcome: "settled", feePaise: 472 })]);
    expect(await settlementLineCount()).toBe(lines + 1);
  });

  it("refuses a payment recorded failed and a refund the gateway has not processed", async () => {
    const reviewer = await admin();
    const payer = await adult();
    const paid = await paidThroughGateway(payer, { purpose: "top_up", amount: 400 });
    fake.setRefundStatus("pending");
    try {
      await refundThroughGateway(reviewer, paid.receipt.id, "The payer asked for the money back.");
    } finally {
      fake.setRefundStatus("processed");
    }
    const [pending] = fake.refunds().filter((refund) => refund.payment_id === paid.payment.id);
    const failedPayment = await paidThroughGateway(await adult(), { purpose: "top_up", amount: 150 }, "failed");
    expect(failedPayment.receipt).toBeUndefined();
    const [recorded] = await (await getDb()).select().from(gatewayPayments).where(eq(gatewayPayments.gatewayPaymentId, failedPayment.payment.id));
    expect(recorded.status).toBe("failed");
    const failedId = failedPayment.payment.id;

    const result = await recordSettlementReport(reviewer, { csv: report(reconLine({ entityId: failedId, amount: 15_000, fee: 354, tax: 54 }), reconLine({ entityId: pending.id, type: "refund", amount: 40_000 })) });
    expect(result.notes.map((note) => note.outcome)).toEqual(["not-final", "not-final"]);
    expect(result.settled).toBe(0);
  });

  it("is uploaded by admins only, through POST /api/payments/gateway/settlements, each line said in the admin's language", async () => {
    const csv = report(reconLine({ entityId: "pay_NOTOURS0000002", amount: 20_000, fee: 472, tax: 72 }));
    expect((await call(settlementRoute, { json: { csv } })).status).toBe(401);
    expect((await call(settlementRoute, { json: { csv }, as: await participant() })).status).toBe(403);
    await expect(recordSettlementReport(await participant(), { csv })).rejects.toBeInstanceOf(Forbidden);
    const as = await admin();
    const reports = (await (await getDb()).select({ n: count() }).from(gatewaySettlementReports))[0].n;

    const english = await call(settlementRoute, { json: { csv, fileName: "recon.csv" }, as });
    expect(english.status).toBe(200);
    expect(english.body.message).toBe("No payment or refund of the report's 1 line settled: ₹0 to the bank after ₹0 in gateway fees.");
    expect(english.body.notes).toEqual([expect.objectContaining({ outcome: "unknown", message: "Line 1: no gateway payment pay_NOTOURS0000002 is recorded here; refused." })]);
    const hindi = await call(settlementRoute, { json: { csv }, as, headers: { cookie: "NEXT_LOCALE=hi" } });
    expect((hindi.body.notes as { message: string }[])[0].message).toBe("पंक्ति 1: यहाँ कोई गेटवे भुगतान pay_NOTOURS0000002 दर्ज नहीं है; अस्वीकार किया गया।");

    const missing = await call(settlementRoute, { json: { csv: "entity_id,type,amount\npay_X,payment,100\n" }, as });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('The settlement report has no column named "fee": upload the gateway\'s settlement recon report as CSV.');
    expect((await (await getDb()).select({ n: count() }).from(gatewaySettlementReports))[0].n).toBe(reports + 2);
  });
});

describe("ledger:check on gateway money", () => {
  it("names a verified gateway receipt an insider wrote with the app's own login: no payment the gateway captured, or one without the app's signature", async () => {
    const payer = await adult();
    const genuine = await paidThroughGateway(await adult(), { purpose: "top_up", amount: 100 });
    const db = await getDb();
    const [real] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.gatewayPaymentId, genuine.payment.id));
    const forgedId = `pay_${randomBytes(7).toString("hex")}`;
    const mint = async (tx: DatabaseTransaction, withPayment: boolean) => {
      const [receipt] = await tx
        .insert(transactions)
        .values({ userId: payer.id, type: "credit", mode: "gateway", status: "verified", amountPaise: 5_000_000, reason: "walletAddMoney", paymentReference: forgedId, reviewedAt: new Date() })
        .returning();
      await tx.execute(sql`update users set wallet_balance_paise = wallet_balance_paise + 5000000 where id = ${payer.id}`);
      if (!withPayment) return receipt.id;
      const { rows } = await tx.execute<{ id: string }>(
        sql`insert into gateway_orders (gateway_order_id, user_id, purpose, amount_paise, expires_at) values (${`order_${randomBytes(7).toString("hex")}`}, ${payer.id}, 'top_up', 5000000, now()) returning id`,
      );
      // The signature of a real payment, copied: it signs that payment's fields, not these.
      await tx.insert(gatewayPayments).values({ gatewayPaymentId: forgedId, orderId: rows[0].id, status: "captured", amountPaise: 5_000_000, currency: "INR", proof: real.proof, transactionId: receipt.id, appSignature: real.appSignature });
      return receipt.id;
    };

    let bareId = "";
    const bare = failed(await checkedThenRolledBack(async (tx) => void (bareId = await mint(tx, false)), "app"));
    expect(bare).toMatchObject({ check: "every gateway receipt is a payment the gateway captured and the app recorded, every gateway refund one the gateway processed", subject: `transaction ${bareId}` });
    expect(bare.discrepancy).toBe(`The transaction ${bareId} (credit by gateway, "walletAddMoney", ₹50,000, verified) counts as received through the gateway, but no gateway payment the app recorded names it.`);

    const signed = failed(await checkedThenRolledBack(async (tx) => void (await mint(tx, true)), "app"));
    expect(signed).toMatchObject({ check: "every gateway receipt is a payment the gateway captured and the app recorded, every gateway refund one the gateway processed", subject: `gateway payment ${forgedId}` });
    expect(signed.discrepancy).toMatch(new RegExp(`^Gateway payment ${forgedId} \\(captured, ₹50,000, crediting transaction [0-9a-f-]{36}\\) does not carry the app's signature`));
  });

  it("names a receipt whose gateway payment was changed, a settlement line whose entry differs or is missing, and clearing that is not what the gateway holds", async () => {
    const reviewer = await admin();
    const paid = await paidThroughGateway(await adult(), { purpose: "top_up", amount: 700 });
    const settled = await recordSettlementReport(reviewer, { csv: report(reconLine({ entityId: paid.payment.id, amount: 70_000, fee: 1_652, tax: 252 })) });
    expect(settled.settled).toBe(1);
    const db = await getDb();
    const [line] = await db.select().from(gatewaySettlementLines).where(eq(gatewaySettlementLines.entityId, paid.payment.id));

    const amount = failed(await checkedThenRolledBack((tx) => tx.execute(sql`update gateway_payments set amount_paise = 60000 where gateway_payment_id = ${paid.payment.id}`).then(() => undefined), "owner"));
    expect(amount).toMatchObject({ subject: `transaction ${paid.receipt.id}` });
    expect(amount.discrepancy).toContain(`gateway payment ${paid.payment.id}, which names it, is for INR ₹600`);

    // Balanced, so only the settlement's own check sees it: ₹1 more to the bank, ₹1 less in fees.
    const entry = failed(
      await checkedThenRolledBack(async (tx) => {
        await tx.execute(sql`update journal_lines set amount_paise = amount_paise + 100 where account = 'bank' and entry_id = (select id from journal_entries where settlement_line_id = ${line.id})`);
        await tx.execute(sql`update journal_lines set amount_paise = amount_paise - 100 where account = 'gateway_fees' and entry_id = (select id from journal_entries where settlement_line_id = ${line.id})`);
      }, "owner"),
    );
    expect(entry).toMatchObject({ check: "every settlement line settles a payment or refund of ours once, its fee within its amount, and its entry matches", subject: `settlement line ${line.id}` });
    expect(entry.discrepancy).toContain("the entry has bank +₹684.48 / gateway_clearing −₹700 / gateway_fees +₹15.52, the settlement line says bank +₹683.48 / gateway_clearing −₹700 / gateway_fees +₹16.52");

    const other = await paidThroughGateway(await adult(), { purpose: "top_up", amount: 120 });
    const unposted = failed(
      await checkedThenRolledBack(async (tx) => {
        await tx.execute(sql`insert into gateway_settlement_lines (report_id, line_number, entity_id, kind, amount_paise, fee_paise, tax_paise, settlement_id, settled_at, raw) values (${settled.reportId}, 99, ${other.payment.id}, 'payment', 12000, 0, 0, 'setl_X', now(), '')`);
      }, "owner"),
    );
    expect(unposted.subject).toMatch(/^settlement line /);
    expect(unposted.discrepancy).toMatch(new RegExp(`^Settlement line [0-9a-f-]{36} \\(payment ${other.payment.id}, ₹120, fee ₹0\\) has no journal entry\\.$`));

    const clearing = failed(
      await checkedThenRolledBack(async (tx) => {
        await tx.execute(sql`insert into gateway_refunds (gateway_refund_id, gateway_payment_id, amount_paise, status, transaction_id) values ('rfnd_TAMPERED00001', ${other.payment.id}, 12000, 'processed', ${other.receipt.id})`);
      }, "owner"),
    );
    expect(clearing).toMatchObject({ check: "gateway clearing equals what the gateway holds", subject: "account gateway_clearing" });
    // The books are right; what the gateway's records say it holds is ₹120 less.
    const books = (await balances()).gateway_clearing;
    expect(clearing.discrepancy).toMatch(new RegExp(`^Gateway clearing in the books is \\+${formatRupeesWithSymbol(books)}, but the gateway holds \\+${formatRupeesWithSymbol(books - 12_000)}: captured payments `));
  });
});
