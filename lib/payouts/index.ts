import "server-only";

/** Prize payout: winners' claims (sealed PAN and account), tax withheld, the admins' review and payment, statements, free passes. */
export {
  approvePrizeClaim,
  claimPrize,
  listPrizeClaims,
  markPrizeClaimPaid,
  myPrize,
  PAN_HOLD_REASON,
  rejectPrizeClaim,
  releasePrizeClaim,
  revealPayoutDetails,
  taxWithheldCsv,
  type AdminPrizeClaim,
  type MyPrize,
  type PrizeClaimView,
} from "./claims";
export { redeemFreePass } from "./free-pass";
export { payoutStatement } from "./statement";
