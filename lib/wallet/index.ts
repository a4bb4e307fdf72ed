import "server-only";

/** The wallet: balance and history, top-ups, withdrawals, and the ledger steps payments build on. */
export { listTransactions, TRANSACTIONS_PAGE_SIZE, walletSummary, type TransactionPage } from "./history";
export { pendingTransactionIds } from "./pending";
export { changeBalance, lockWallet, refundToWallet, rewardReferrer, spendablePaise, type LockedWallet } from "./ledger";
export { specTransaction } from "./spec-names";
export { recordUpiPayment, requestTopUp, requestWithdrawal } from "./requests";
