import "server-only";

/**
 * The books (issue 32): the double-entry journal the database posts for every money movement,
 * checked (`npm run ledger:check`), read as a trial balance for a date range (and its CSV for the
 * accountant), and the tax deposits an admin records against tax withheld.
 */
export { checkLedger } from "./check";
export { recordTaxDeposit } from "./deposits";
export { trialBalance, trialBalanceCsv } from "./trial-balance";
export * from "./schemas";
