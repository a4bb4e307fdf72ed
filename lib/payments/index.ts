import "server-only";

/** Payments: entry fees by UPI or from the wallet, payment proofs, the admins' verification, and refunds of duplicates. */
export { payEntryFeeFromWallet, paymentStates, registerFree, submitEntryFee, type EntryFeeSubmission } from "./entry-fees";
export { submitCredit, submitDebit } from "./requests";
export { refundPayment } from "./refunds";
export { listTransactionsForReview, REVIEW_PAGE_SIZE, reviewTransaction, type ReviewFilter, type ReviewList } from "./review";
export type { ReviewAction } from "./standing";
export { reconcileStatement, statementMapping, verifyMatched, type LineNote, type LeftReason } from "./reconciliation";
export type { StatementConflict } from "./conflicts";
export type { VerifyQuestion } from "./review";
