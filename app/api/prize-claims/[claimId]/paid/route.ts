import { route } from "@/lib/http";
import { PRIZE_CLAIM_PAID } from "@/lib/messages";
import { markPrizeClaimPaid } from "@/lib/payouts";
import { claimParams, markPaidSchema } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", params: claimParams, body: markPaidSchema }, async ({ actor, params, body }) => ({
  message: PRIZE_CLAIM_PAID,
  claim: await markPrizeClaimPaid(actor, params.claimId, body.bankReference),
}));
