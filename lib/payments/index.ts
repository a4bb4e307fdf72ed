import "server-only";

/** Payments: entry fees by UPI or from the wallet, payment proofs, and the admins' verification. */
export { payEntryFeeFromWallet, paymentStates, submitEntryFee, type EntryFeeSubmission } from "./entry-fees";
export { submitCredit, submitDebit } from "./requests";
export { listTransactionsForReview, REVIEW_PAGE_SIZE, reviewTransaction, type ReviewFilter, type ReviewList } from "./review";
