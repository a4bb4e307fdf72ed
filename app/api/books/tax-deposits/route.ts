import { recordTaxDeposit } from "@/lib/books";
import { taxDepositSchema } from "@/lib/books/schemas";
import { route } from "@/lib/http";
import { formatRupeesWithSymbol } from "@/lib/money";

/** Admins: tax withheld deposited with the government, by challan. */
export const POST = route({ can: "books.record", does: "Records a tax deposit to the government against withheld tax", body: taxDepositSchema }, async ({ actor, body, say }) => {
  const deposit = await recordTaxDeposit(actor, body);
  return { message: say("taxDepositRecorded", { amount: formatRupeesWithSymbol(deposit.amountPaise) }), deposit };
});
