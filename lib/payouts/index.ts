import "server-only";

/** Prize payout: winners' claims (sealed PAN and account), tax withheld, the admins' review and payment, claims following a revision of the results and what it leaves to recover, statements, free passes. */
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
export { redeemFreePass } from "./free-pass";
export { payoutStatement } from "./statement";
