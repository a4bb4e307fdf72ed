import "server-only";

/** Payments: entry fees by UPI or from the wallet, payment proofs, the admins' verification, and refunds of duplicates. */
export { payEntryFeeFromWallet, payEntryFeeWithFreePass, paymentStates, registerFree, submitEntryFee } from "./entry-fees";
export { submitCredit, submitDebit } from "./requests";
export { refundPayment } from "./refunds";
export { listTransactionsForReview, reviewTransaction, type ReviewFilter, type ReviewList } from "./review";
export type { ReviewAction } from "./standing";
export { reconcileStatement, statementMapping, verifyMatched, type LineNote } from "./reconciliation";
export { gatewayPaymentSignatureValid } from "./gateway/capture";
export { recordSettlementReport, type SettlementNote } from "./gateway/settlements";
export { confirmGatewayPayment, createGatewayOrder, gatewayOrderStates, gatewayOrderStatus, receiveGatewayWebhook, refundThroughGateway } from "./gateway";
