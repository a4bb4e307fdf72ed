/**
 * Proves the books: `npm run ledger:check`. The journal balances, every verified ledger row has
 * the entry its accounts say now, every wallet equals its account, suspense is empty, no bank
 * line or UTR backs two payments, every receipt has its bank line or its audited verifier and
 * every wallet credit its cause, no receipt or refund is more than its bank line, every gateway
 * receipt and refund is one the gateway confirmed and the app recorded, every settlement line its
 * entry, gateway clearing what the gateway holds, prize liability equals published prizes not yet
 * paid, and tax payable equals tax withheld less deposits. Exits
 * 1 naming the first discrepancy; else says how much verified money no bank line shows yet.
 */
import { SYSTEM } from "@/lib/auth";
import { checkLedger } from "@/lib/books";
import { formatRupeesWithSymbol } from "@/lib/money";
import { runOnConfiguredDatabase } from "./support/database-command";

await runOnConfiguredDatabase(async (_url, db) => {
  const result = await checkLedger(SYSTEM, db);
  if (!result.ok) throw new Error([`The books do not balance: ${result.discrepancy}`, `  check:   ${result.check}`, `  subject: ${result.subject}`].join("\n"));
  const { entries, bankPaise, walletsPaise, prizeLiabilityPaise, prizeRecoverablePaise, taxPayablePaise } = result.totals;
  const unmatched = result.receiptsNotOnBankLine;
  return [
    `Books balance: ${entries} entries; the journal sums to zero.`,
    `  bank ${formatRupeesWithSymbol(bankPaise)}, wallets ${formatRupeesWithSymbol(walletsPaise)}, prize liability ${formatRupeesWithSymbol(prizeLiabilityPaise)}, prizes to recover ${formatRupeesWithSymbol(prizeRecoverablePaise)}, tax payable ${formatRupeesWithSymbol(taxPayablePaise)}`,
    `  receipts not yet on a bank line: ${unmatched.count} (${formatRupeesWithSymbol(unmatched.paise)}), verified by an admin; reconcile the statement that shows them`,
  ].join("\n");
});
