import "server-only";

/** Prize payout: winners' claims (sealed PAN and account), tax withheld, the admins' review and payment, claims following a revision of the results and what it leaves to recover, statements, free passes (entry credit, never cash). */
export {
  approvePrizeClaim,
  claimPrize,
  claimsFollowRevision,
  listPrizeClaims,
  markPrizeClaimPaid,
  myPrize,
  PAN_HOLD_REASON,
  prizesToRecover,
  rejectPrizeClaim,
  releasePrizeClaim,
  revealPayoutDetails,
  taxWithheldCsv,
  type AdminPrizeClaim,
  type MyPrize,
  type PrizeClaimView,
  type PrizeToRecover,
} from "./claims";
export { freePassesOf, spendFreePass } from "./free-pass";
export { payoutStatement } from "./statement";
