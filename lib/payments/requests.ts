import "server-only";
import { authorize, service } from "@/lib/auth";
import { rupeesToPaise } from "@/lib/money";
import { requestTopUp, requestWithdrawal } from "@/lib/wallet";
import type { CreditInput, DebitInput } from "@/lib/wallet/schemas";
import { payEntryFeeFromWallet, submitEntryFee } from "./entry-fees";

/** POST /api/wallet/credit: an entry fee paid by UPI, or money added to the wallet. */
export const submitCredit = service("payments.pay", async (actor, credit: CreditInput) => {
  if (credit.userId) authorize(actor, "payments.pay", credit.userId);
  if (credit.paymentType === "form pay") {
    return submitEntryFee(actor, { quizId: credit.quizId, proofUploadId: credit.paysnapurl, payeeName: credit.payeeName, paymentReference: credit.paymentId });
  }
  return requestTopUp(actor, { amountPaise: rupeesToPaise(credit.amount), payeeName: credit.payeeName, proofUploadId: credit.paysnapurl, paymentReference: credit.paymentId });
});

/** POST /api/wallet/debit: a withdrawal, or an entry fee paid from the wallet. */
export const submitDebit = service("payments.pay", async (actor, debit: DebitInput) => {
  if (debit.userId) authorize(actor, "wallet.withdraw", debit.userId);
  if (debit.paymentType === "form pay") return payEntryFeeFromWallet(actor, debit.quizId);
  return requestWithdrawal(actor, { amountPaise: rupeesToPaise(debit.amount), bankName: debit.payeeName, upiId: debit.upiId });
});
