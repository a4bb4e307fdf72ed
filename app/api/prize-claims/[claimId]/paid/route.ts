import { route } from "@/lib/http";
import { markPrizeClaimPaid } from "@/lib/payouts";
import { claimParams, markPaidSchema } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", does: "Records a prize claim as paid with its bank reference", params: claimParams, body: markPaidSchema }, async ({ actor, params, body, say }) => ({
  message: say("prizeClaimPaid"),
  claim: await markPrizeClaimPaid(actor, params.claimId, body.bankReference),
}));
