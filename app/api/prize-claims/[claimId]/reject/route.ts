import { route } from "@/lib/http";
import { rejectPrizeClaim } from "@/lib/payouts";
import { claimParams, releaseSchema } from "@/lib/payouts/schemas";

export const POST = route({ can: "prizes.review", does: "Rejects a prize claim with a reason", params: claimParams, body: releaseSchema }, async ({ actor, params, body, say }) => ({
  message: say("prizeClaimRejected"),
  claim: await rejectPrizeClaim(actor, params.claimId, body.reason),
}));
