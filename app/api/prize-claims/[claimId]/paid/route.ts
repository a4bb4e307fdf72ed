import { route } from "@/lib/http";
import { markPrizeClaimPaid } from "@/lib/payouts";
import { claimParams, markPaidSchema } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", params: claimParams, body: markPaidSchema }, async ({ actor, params, body, say }) => ({
  message: say("prizeClaimPaid"),
  claim: await markPrizeClaimPaid(actor, params.claimId, body.bankReference),
}));
